import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedResponse } from '../../src/arbitraries/malformed-response.js';
import { RULE_NAMES, type RuleName } from '../../src/oracle/rule-name.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES, type ProfileName } from '../../src/taxonomy/taxonomy.js';
import { PROPERTY_RUNS, expectBreaksExactly } from './arbitrary-contract.js';
import { propertyRuns } from '../support/property-runs.js';

const TOOL_RULES: readonly RuleName[] = ['mcp.is-error', 'mcp.content', 'mcp.structured-content'];

/** The envelope rules a profile can judge broken: what malformedResponse must cover. */
function breakable(profile: ProfileName): RuleName[] {
  return RULE_NAMES.filter((rule) => {
    if (rule.startsWith('policy.') || rule.startsWith('http.')) return false;
    if (rule === 'mcp.result-type') return profile === 'mcp-2026-07-28';
    return profile !== 'jsonrpc-2.0' || !TOOL_RULES.includes(rule);
  });
}

describe('malformedResponse', () => {
  it.each(PROFILE_NAMES)(
    'should break exactly the rules it is labelled with under %s',
    (profile) => {
      // Arrange
      const taxonomy = resolveTaxonomy({ profile });

      // Act / Assert
      fc.assert(
        fc.property(malformedResponse({ taxonomy }), (value) =>
          expectBreaksExactly(value, taxonomy),
        ),
        { ...PROPERTY_RUNS, numRuns: propertyRuns(600) },
      );
    },
  );

  it.each(PROFILE_NAMES)('should break every envelope rule of %s somewhere', (profile) => {
    // Arrange
    const sample = fc.sample(malformedResponse({ profile }), { seed: 21, numRuns: 1500 });

    // Act
    const broken = new Set(sample.flatMap((value) => value.breaks));

    // Assert
    expect(RULE_NAMES.filter((rule) => broken.has(rule))).toEqual(breakable(profile));
  });

  it('should mostly break one thing, sometimes with a wrong version or id on top', () => {
    // Arrange
    const sample = fc.sample(malformedResponse(), { seed: 24, numRuns: 500 });

    // Act
    const framing = (rule: string) => rule === 'jsonrpc.version' || rule === 'jsonrpc.id';
    const combined = sample.filter(({ breaks }) => breaks.some(framing) && !breaks.every(framing));

    // Assert
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.length).toBeLessThan(sample.length / 3);
  });

  it('should label each value with a sorted, duplicate-free, non-empty list', () => {
    // Arrange
    const sample = fc.sample(malformedResponse(), { seed: 22, numRuns: 300 });

    // Act / Assert
    for (const { breaks } of sample) {
      expect(breaks.length).toBeGreaterThan(0);
      expect([...breaks]).toEqual(RULE_NAMES.filter((rule) => breaks.includes(rule)));
    }
  });

  it.each(breakable('mcp-2026-07-28'))('should break only %s when asked for it alone', (rule) => {
    // Arrange
    const profile = 'mcp-2026-07-28';
    const taxonomy = resolveTaxonomy({ profile });

    // Act / Assert
    fc.assert(
      fc.property(malformedResponse({ taxonomy, rules: [rule] }), (value) => {
        expect(value.breaks).toEqual([rule]);
        expectBreaksExactly(value, taxonomy);
      }),
      { ...PROPERTY_RUNS, numRuns: 100 },
    );
  });

  it('should fail the exactness check for a value missing one of its labels (negative control)', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
    const [value] = fc.sample(
      malformedResponse({ taxonomy, rules: ['jsonrpc.version', 'jsonrpc.id'] }),
      {
        seed: 23,
        numRuns: 1,
      },
    );
    if (value === undefined) throw new Error('no sample');
    const mislabelled = { ...value, breaks: value.breaks.slice(1) };

    // Act / Assert
    expect(() => expectBreaksExactly(mislabelled, taxonomy)).toThrow();
  });
});
