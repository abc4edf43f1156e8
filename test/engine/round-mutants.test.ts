import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { Site } from '../../src/mutant/mutation-run.js';
import { roundMutants } from '../../src/engine/round-mutants.js';
import { simulatedRunOptions } from './simulated-project.js';

const SITES: readonly Site[] = ['t1', 't2'].map((id) => ({
  key: `${id}#0`,
  kind: 'envelope',
  file: 'a.test.ts',
  testIds: [id],
  fileLevel: false,
  value: { jsonrpc: '2.0', id: 1, result: {} },
  check: { requestId: 1 },
}));

describe('roundMutants', () => {
  test('should give every mutant its site and its mutator’s expected killers', () => {
    // Act
    const entries = roundMutants(SITES, simulatedRunOptions(), []);
    // Assert: corrupt-version makes 3 of each site.
    expect(entries.map((e) => [e.site.key, e.mutant.siteKey, e.expectedKillers])).toEqual([
      ...Array<unknown>(3).fill(['t1#0', 't1#0', ['jsonrpc.version']]),
      ...Array<unknown>(3).fill(['t2#0', 't2#0', ['jsonrpc.version']]),
    ]);
  });

  test('should keep only the mutants --mutant names, in the catalogue’s order', () => {
    const all = roundMutants(SITES, simulatedRunOptions(), []);
    const wanted = [all[4]?.mutant.id ?? '', all[1]?.mutant.id ?? ''];

    const entries = roundMutants(SITES, simulatedRunOptions(), wanted);

    expect(entries.map((e) => e.mutant.id)).toEqual([wanted[1], wanted[0]]);
  });

  test('should refuse a --mutant id the project does not have, naming it and the fix', () => {
    let error: unknown;
    try {
      roundMutants(SITES, simulatedRunOptions(), ['0123456789ab']);
    } catch (thrown) {
      error = thrown;
    }
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      '--mutant: no mutant 0123456789ab in this project. Run `envelope-mutants list` to see the ids (they depend on --seed and the mutators).',
    );
  });

  test('should leave out a mutant whose site is not among the sites given', () => {
    const [first] = SITES;
    const entries = roundMutants(first === undefined ? [] : [first], simulatedRunOptions(), []);
    expect(new Set(entries.map((e) => e.site.key))).toEqual(new Set(['t1#0']));
  });
});
