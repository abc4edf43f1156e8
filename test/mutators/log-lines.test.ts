import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMutators, harmlessMutators } from '../../mutators/index.js';
import { leakCanary } from '../../mutators/leak-canary.js';
import { leakInternals } from '../../mutators/leak-internals.js';
import { variantsFor } from '../../src/mutant/mutator.js';
import type { Site } from '../../src/mutant/mutation-run.js';
import { checkLog } from '../../src/oracle/check-log.js';
import { findLeak } from '../../src/oracle/leak-patterns.js';
import { generateMutants } from '../../src/engine/generate-mutants.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { propertyRuns } from '../support/property-runs.js';
import { mutatorContext } from './fixtures.js';

const LINE = 'warn tools/call 3 charge_card failed: provider-unavailable';
const everyMutator = [...allMutators, ...harmlessMutators];
const lineMutators = [leakCanary, leakInternals];

/** Log lines that leak nothing before a mutator touches them. */
const cleanLine = (canaries: readonly string[]) =>
  fc.string({ maxLength: 80 }).filter((line) => findLeak(line, canaries) === null);

describe('leak mutators on a log line', () => {
  it('should plant the project canary at the end of the line', () => {
    const context = mutatorContext({ canaries: ['CANARY-payKey7f3a9c2'] });

    const variants = [...variantsFor(leakCanary, 'log', LINE, context)];

    expect(variants).toEqual([
      {
        value: `${LINE} CANARY-payKey7f3a9c2`,
        replacement: 'line += CANARY-payKey7f3a9c2',
        path: [],
      },
    ]);
  });

  it('should append a stack frame, an absolute path, a token and a provider body', () => {
    const variants = [...variantsFor(leakInternals, 'log', LINE, mutatorContext())];

    expect(variants.map((variant) => variant.replacement)).toEqual([
      'line += stack frame',
      'line += absolute path',
      'line += credential',
      'line += provider body',
    ]);
    expect(variants.every((variant) => String(variant.value).startsWith(LINE))).toBe(true);
  });

  it('should make every variant of a clean line break sanitize.leak, deterministically', () => {
    const canaries = ['CANARY-payKey7f3a9c2'];
    fc.assert(
      fc.property(
        fc.boolean().chain((own) => fc.tuple(cleanLine(own ? canaries : []), fc.constant(own))),
        fc.integer(),
        ([line, own], seed) => {
          const context = { ...mutatorContext({ canaries: own ? canaries : [] }), seed };
          for (const mutator of lineMutators) {
            const variants = [...variantsFor(mutator, 'log', line, context)];
            expect(variants.length).toBeGreaterThan(0);
            expect([...variantsFor(mutator, 'log', line, context)]).toStrictEqual(variants);
            expect(new Set(variants.map((variant) => variant.value)).size).toBe(variants.length);
            for (const variant of variants) {
              const rules = checkLog([variant.value], { canaries: context.canaries });
              expect(rules.map((violation) => violation.rule)).toEqual(['sanitize.leak']);
            }
          }
        },
      ),
      { numRuns: propertyRuns(200), seed: 20261201 },
    );
  });
});

describe('every other mutator on a log line', () => {
  it('should yield nothing for a log site: only the leak mutators have mutateLine', () => {
    const withLines = everyMutator.filter(
      (mutator) => [...variantsFor(mutator, 'log', LINE, mutatorContext())].length > 0,
    );

    expect(withLines.map((mutator) => mutator.name)).toEqual(['leak-canary', 'leak-internals']);
  });

  it('should neither throw nor yield when a string reaches mutate as an envelope', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (line) => {
        // A string is what a request-id mutator sees: a client may allocate string ids.
        for (const mutator of everyMutator.filter((each) => each.target !== 'request-id')) {
          expect([...mutator.mutate(line, mutatorContext())]).toEqual([]);
        }
      }),
      { numRuns: propertyRuns(100), seed: 20261201 },
    );
  });
});

describe('generateMutants on a log site', () => {
  it('should make the leak mutants of the line and none of any other mutator', () => {
    const site: Site = {
      key: 't1#stderr#0',
      kind: 'log',
      file: 'test/a.test.ts',
      testIds: ['t1'],
      fileLevel: false,
      value: LINE,
      check: {},
    };
    const options = {
      taxonomy: resolveTaxonomy({ profile: 'mcp-2025-11-25' }),
      seed: 7,
      canaries: ['CANARY-payKey7f3a9c2'],
    };

    const mutants = generateMutants([site], everyMutator, options);

    expect(mutants.map((mutant) => mutant.mutatorName)).toEqual([
      'leak-canary',
      ...Array<string>(4).fill('leak-internals'),
    ]);
    expect(mutants.every((mutant) => mutant.siteKey === 't1#stderr#0')).toBe(true);
  });
});
