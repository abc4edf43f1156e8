import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { Decoder } from './decoder.js';
import type { FuzzCase } from './fuzz-case.js';
import { FUZZ_FIXTURE_FORMAT, type FuzzFixture } from './fuzz-fixture.js';
import { examineCase } from './examine-case.js';
import type { PropertyFailure } from './judge-case.js';
import { oracleJudge } from './oracle-judge.js';

/** Options of {@link replayFuzzFixture}. */
export interface ReplayFuzzFixtureOptions {
  /** How long a session hook may take; default 50 ms, as in `fuzzDecoder`. */
  readonly deadlineMs?: number;
}

/**
 * Replays a fixture written by `fuzz --out` against a decoder, without fast-check, and returns
 * every property failure (all properties, not only the fixture's). A regression suite asserts it
 * is empty once the decoder is fixed: `expect(await replayFuzzFixture(decoder, fixture)).toEqual([])`.
 */
export async function replayFuzzFixture(
  decoder: Decoder,
  fixture: unknown,
  options: ReplayFuzzFixtureOptions = {},
): Promise<PropertyFailure[]> {
  const read = readFixture(fixture);
  const fuzzCase: FuzzCase = {
    requests: read.requests,
    deliveries: read.envelopes.map(({ text, value, intendedFor, role }) => ({
      envelope: value === undefined ? { text } : { text, value },
      intendedFor,
      role,
    })),
    breaks: read.breaks as FuzzCase['breaks'],
    canaries: read.canaries,
    ...(read.rewordings === undefined ? {} : { rewordings: read.rewordings }),
  };
  const taxonomy = resolveTaxonomy({ profile: read.profile });
  const { failures } = await examineCase(decoder, fuzzCase, {
    judge: oracleJudge(taxonomy),
    deadlineMs: options.deadlineMs ?? 50,
  });
  return [...failures];
}

function readFixture(fixture: unknown): FuzzFixture {
  const ok =
    isJsonObject(fixture) &&
    fixture['format'] === FUZZ_FIXTURE_FORMAT &&
    Array.isArray(fixture['requests']) &&
    Array.isArray(fixture['envelopes']) &&
    Array.isArray(fixture['breaks']) &&
    Array.isArray(fixture['canaries']) &&
    typeof fixture['profile'] === 'string';
  if (!ok) {
    throw new ConfigError(
      `replayFuzzFixture: expected a fixture with format "${FUZZ_FIXTURE_FORMAT}". Pass the parsed JSON of a file written by envelope-mutants fuzz --out.`,
    );
  }
  return fixture as unknown as FuzzFixture;
}
