import * as fc from 'fast-check';
import { jsonRpcId } from '../arbitraries/json-rpc-id.js';
import { malformedResponse } from '../arbitraries/malformed-response.js';
import { validResponse } from '../arbitraries/valid-response.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { ProfileName, Taxonomy } from '../taxonomy/taxonomy.js';
import { ConfigError } from '../errors.js';
import { nameOfDecoder, type Decoder } from './decoder.js';
import type { JudgeEnvelope } from './envelope-verdict.js';
import type { FuzzCase } from './fuzz-case.js';
import { fuzzCaseArbitrary } from './fuzz-case-arbitrary.js';
import type { Counterexample, FuzzReport, PropertyResult } from './fuzz-report.js';
import { examineCase, type ExamineCaseOptions, type ExaminedCase } from './examine-case.js';
import { oracleJudge } from './oracle-judge.js';
import { PROPERTY_NAMES, type PropertyName } from './property-name.js';
import { withProseEdits } from './reword-case.js';
import { readFuzzOptions, type ReadFuzzOptions } from './read-fuzz-options.js';

/** Options of {@link fuzzDecoder}; every field is optional. */
export interface FuzzOptions {
  /** The built-in profile envelopes are generated and judged under; default `mcp-2025-11-25`. */
  readonly profile?: ProfileName;
  /** A resolved taxonomy (the project's own codes and classes); overrides `profile`. */
  readonly taxonomy?: Taxonomy;
  /** Cases per property search; default 1000. */
  readonly runs?: number;
  /** fast-check seed; a random one (reported) when absent. */
  readonly seed?: number;
  /** fast-check replay path (`--path`): replays that one case, with `seed`. */
  readonly path?: string;
  /** How long a session hook may take before it counts as no answer (`pending`); default 50 ms. */
  readonly deadlineMs?: number;
  /** Where cases come from; default: `validResponse` and `malformedResponse` of the taxonomy. */
  readonly cases?: fc.Arbitrary<FuzzCase>;
}

/**
 * Fuzzes a client decoder with valid and malformed envelopes and checks the six properties
 * (`session-survives`, `no-false-success`, `correlation`, `isolation`, `no-leak`,
 * `prose-invariance`). Each broken
 * property gets one counterexample, shrunk by fast-check, with the seed and path that replay it.
 * Same decoder, options and seed → same cases and same report.
 */
export async function fuzzDecoder(
  decoder: Decoder,
  options: FuzzOptions = {},
): Promise<FuzzReport> {
  const read = readFuzzOptions('fuzzDecoder', decoder, options);
  const taxonomy = options.taxonomy ?? resolveTaxonomy({ profile: read.profile });
  // Every case carries prose changes for `prose-invariance`; the case itself is drawn first, so
  // a seed yields the same envelopes as without them.
  const cases = withProseEdits(options.cases ?? defaultFuzzCases(taxonomy));
  const judged: readonly PropertyName[] = decoder.sanitizes
    ? PROPERTY_NAMES
    : PROPERTY_NAMES.filter((name) => name !== 'no-leak');
  const search: Search = { decoder, cases, judge: oracleJudge(taxonomy), read };
  const { found, generated } = await searchAll(search, judged);
  return {
    decoder: nameOfDecoder(decoder),
    profile: taxonomy.profile.name,
    seed: read.seed,
    runs: read.runs,
    ...(read.path === undefined ? {} : { path: read.path }),
    cases: generated,
    failed: found.size > 0,
    properties: PROPERTY_NAMES.map((name) => result(name, judged.includes(name), found.get(name))),
  };
}

interface Search {
  readonly decoder: Decoder;
  readonly cases: fc.Arbitrary<FuzzCase>;
  readonly judge: JudgeEnvelope;
  readonly read: ReadFuzzOptions;
}

/**
 * One search over every property still unbroken; each failure retires the properties its shrunk
 * case breaks, and the search restarts from the same seed for the rest. A replay (`path`) is a
 * single search.
 */
async function searchAll(
  search: Search,
  judged: readonly PropertyName[],
): Promise<{ found: Map<PropertyName, Counterexample>; generated: number }> {
  const remaining = new Set<PropertyName>(judged);
  const found = new Map<PropertyName, Counterexample>();
  let generated = 0;
  while (remaining.size > 0) {
    const details = await searchOnce(search, remaining);
    generated += details.numRuns;
    const fuzzCase = details.failed ? details.counterexample?.[0] : undefined;
    if (fuzzCase === undefined) break;
    const { seed, deadlineMs, path } = search.read;
    const at = { seed, deadlineMs, path: details.counterexamplePath ?? path ?? '' };
    for (const example of await counterexamples(
      search.decoder,
      fuzzCase,
      at,
      search.judge,
      remaining,
    )) {
      found.set(example.property, example);
      remaining.delete(example.property);
    }
    if (path !== undefined) break;
  }
  return { found, generated };
}

async function searchOnce(
  search: Search,
  remaining: ReadonlySet<PropertyName>,
): Promise<fc.RunDetails<[FuzzCase]>> {
  const { decoder, judge, read } = search;
  let bug: unknown;
  const property = fc.asyncProperty(search.cases, async (fuzzCase) => {
    try {
      const examined = await examineCase(decoder, fuzzCase, {
        judge,
        deadlineMs: read.deadlineMs,
        prose: remaining.has('prose-invariance'),
      });
      return !examined.failures.some((failure) => remaining.has(failure.property));
    } catch (error) {
      // examineCase never throws for the decoder's misbehaviour: this is a bug of ours.
      bug ??= error;
      throw error;
    }
  });
  const details = await fc.check(property, {
    seed: read.seed,
    numRuns: read.runs,
    ...(read.path === undefined ? {} : { path: read.path }),
  });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what examineCase threw, as it was
  if (bug !== undefined) throw bug;
  return details;
}

/** The default case source of a taxonomy: its valid and malformed responses, half and half. */
export function defaultFuzzCases(taxonomy: Taxonomy): fc.Arbitrary<FuzzCase> {
  return fuzzCaseArbitrary({
    generated: fc.oneof(validResponse({ taxonomy }), malformedResponse({ taxonomy })),
    companion: validResponse({ taxonomy }),
    requestId: jsonRpcId(),
    // JSON-RPC 2.0 alone knows no tools: its results are any JSON value.
    method: taxonomy.profile.name === 'jsonrpc-2.0' ? 'fuzz/echo' : 'tools/call',
  });
}

async function counterexamples(
  decoder: Decoder,
  fuzzCase: FuzzCase,
  at: { readonly seed: number; readonly path: string; readonly deadlineMs: number },
  judge: JudgeEnvelope,
  remaining: ReadonlySet<PropertyName>,
): Promise<Counterexample[]> {
  const options = { judge, deadlineMs: at.deadlineMs, prose: remaining.has('prose-invariance') };
  const examined = await examineCase(decoder, fuzzCase, options);
  const broken = [...new Set(examined.failures.map((failure) => failure.property))].filter((name) =>
    remaining.has(name),
  );
  if (broken.length === 0) {
    throw new ConfigError(
      `fuzzDecoder: decoder "${nameOfDecoder(decoder)}" broke a property on a case but not when the case was replayed (seed ${at.seed}, path ${at.path}). Make the decoder deterministic: no state shared between sessions, no clock.`,
    );
  }
  const results: Counterexample[] = [];
  for (const property of broken) {
    // Only a prose-invariance counterexample depends on the rewordings: the others show the case
    // as sent, and a prose one the single rewording that is enough, when one is.
    const [shown, seen] =
      property === 'prose-invariance'
        ? await oneRewording(decoder, fuzzCase, examined, options)
        : [withoutRewordings(fuzzCase), examined];
    results.push({
      property,
      seed: at.seed,
      path: at.path,
      case: shown,
      observation: seen.observation,
      failures: seen.failures.filter((failure) => failure.property === property),
      violations: shown.deliveries.map((delivery) => {
        const request = shown.requests.find((candidate) => candidate.id === delivery.intendedFor);
        return request === undefined ? [] : judge(delivery.envelope, request).violations;
      }),
    });
  }
  return results;
}

/**
 * The first single rewording of the case that still breaks `prose-invariance`, or the case as
 * drawn. Deterministic, so a replay of the seed and path shows the same counterexample.
 */
async function oneRewording(
  decoder: Decoder,
  fuzzCase: FuzzCase,
  examined: ExaminedCase,
  options: ExamineCaseOptions,
): Promise<[FuzzCase, ExaminedCase]> {
  const rewordings = fuzzCase.rewordings ?? [];
  if (rewordings.length < 2) return [fuzzCase, examined];
  for (const rewording of rewordings) {
    const single: FuzzCase = { ...fuzzCase, rewordings: [rewording] };
    const again = await examineCase(decoder, single, options);
    if (again.failures.some((failure) => failure.property === 'prose-invariance')) {
      return [single, again];
    }
  }
  return [fuzzCase, examined];
}

function withoutRewordings(fuzzCase: FuzzCase): FuzzCase {
  const { rewordings: _rewordings, ...rest } = fuzzCase;
  return rest;
}

function result(
  name: PropertyName,
  judged: boolean,
  counterexample: Counterexample | undefined,
): PropertyResult {
  if (!judged) {
    return { name, status: 'skipped', reason: 'the decoder does not declare sanitizes: true' };
  }
  return counterexample === undefined
    ? { name, status: 'passed' }
    : { name, status: 'failed', counterexample };
}
