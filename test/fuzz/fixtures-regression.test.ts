import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpSdkDecoder } from '../../src/fuzz/mcp-sdk-decoder.js';
import { replayFuzzFixture } from '../../src/fuzz/replay-fuzz-fixture.js';
import { referenceDecoder } from './reference-decoder.js';

/**
 * The counterexamples of docs/findings/mcp-sdk-1.32.2-client.md, as written by `fuzz --out`, kept
 * as named regression cases: they pin SDK 1.32.2's behaviour (an SDK upgrade that changes it
 * fails here, and the finding must be revisited) and stay clean for the reference decoder.
 */
const DIR = path.join(import.meta.dirname, 'fixtures');
const FIXTURES = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .map(
    (file) =>
      JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as { name: string; property: string },
  );

describe('fuzz fixtures of MCP SDK 1.32.2', () => {
  it('should hold the counterexamples of the findings', () => {
    expect(FIXTURES.map((fixture) => fixture.property).sort()).toEqual([
      'correlation',
      'no-false-success',
    ]);
  });

  it.each(FIXTURES.map((fixture) => [fixture.name, fixture] as const))(
    'should still break the property with SDK 1.32.2: %s',
    async (_name, fixture) => {
      const failures = await replayFuzzFixture(mcpSdkDecoder(), fixture);
      expect(failures.map((failure) => failure.property)).toEqual([fixture.property]);
    },
  );

  it.each(FIXTURES.map((fixture) => [fixture.name, fixture] as const))(
    'should break nothing with the reference decoder: %s',
    async (_name, fixture) => {
      expect(await replayFuzzFixture(referenceDecoder(), fixture)).toEqual([]);
    },
  );
});
