import * as fc from 'fast-check';
import { jsonRpcId } from '../arbitraries/json-rpc-id.js';
import { malformedResponse } from '../arbitraries/malformed-response.js';
import { validResponse } from '../arbitraries/valid-response.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { ProfileName, Taxonomy } from '../taxonomy/taxonomy.js';
import { ConfigError } from '../errors.js';
import type { Decoder } from './decoder.js';
import type { JudgeEnvelope } from './envelope-verdict.js';
import type { FuzzCase } from './fuzz-case.js';
import { fuzzCaseArbitrary } from './fuzz-case-arbitrary.js';
import type { Counterexample, FuzzReport, PropertyResult } from './fuzz-report.js';
import { examineCase } from './examine-case.js';
import { oracleJudge } from './oracle-judge.js';
import { PROPERTY_NAMES, type PropertyName } from './property-name.js';
import { _readFuzzOptions, type ReadFuzzOptions } from './read-fuzz-options.js';

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
 * Fuzzes a client decoder with valid and malformed envelopes and checks the five properties
 * (`session-survives`, `no-false-success`, `correlation`, `isolation`, `no-leak`). Each broken
 * property gets one counterexample, shrunk by fast-check, with the seed and path that replay it.
 * Same decoder, options and seed → same cases and same report.
 */
export async function fuzzDecoder(
  decoder: Decoder,
  options: FuzzOptions = {},
): Promise<FuzzReport> {
  const read = _readFuzzOptions('fuzzDecoder', decoder, options);
  const taxonomy = options.taxonomy ?? resolveTaxonomy({ profile: read.profile });
  const cases = options.cases ?? defaultFuzzCases(taxonomy);
  const judged: readonly PropertyName[] = decoder.sanitizes
    ? PROPERTY_NAMES
    : PROPERTY_NAMES.filter((name) => name !== 'no-leak');
  const search: Search = { decoder, cases, judge: oracleJudge(taxonomy), read };
  const { found, generated } = await searchAll(search, judged);
  return {
    decoder: decoder.name,
    profile: taxonomy.profile.name,
    seed: read.seed,
    runs: read.runs,
    ...(read.path === undefined ? {} : { path: read.path }),
    cases: generated,
    failed: found.size > 0,
    properties: PROPERTY_NAMES.map((name) => _result(name, judged.includes(name), found.get(name))),
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
      const examined = await examineCase(decoder, fuzzCase, { judge, deadlineMs: read.deadlineMs });
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
  const { observation, failures } = await examineCase(decoder, fuzzCase, {
    judge,
    deadlineMs: at.deadlineMs,
  });
  const broken = [...new Set(failures.map((failure) => failure.property))].filter((name) =>
    remaining.has(name),
  );
  if (broken.length === 0) {
    throw new ConfigError(
      `fuzzDecoder: decoder "${decoder.name}" broke a property on a case but not when the case was replayed (seed ${at.seed}, path ${at.path}). Make the decoder deterministic: no state shared between sessions, no clock.`,
    );
  }
  const violations = fuzzCase.deliveries.map((delivery) => {
    const request = fuzzCase.requests.find((candidate) => candidate.id === delivery.intendedFor);
    return request === undefined ? [] : judge(delivery.envelope, request).violations;
  });
  return broken.map((property) => ({
    property,
    seed: at.seed,
    path: at.path,
    case: fuzzCase,
    observation,
    failures: failures.filter((failure) => failure.property === property),
    violations,
  }));
}

function _result(
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
