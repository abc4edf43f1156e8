import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canary } from '../../src/arbitraries/canary.js';
import { CANARY_PATTERN, findLeak } from '../../src/oracle/leak-patterns.js';
import { PROPERTY_RUNS } from './arbitrary-contract.js';

describe('canary', () => {
  it('should produce values CANARY_PATTERN and the leak finder detect', () => {
    fc.assert(
      fc.property(canary(), (value) => {
        expect(value).toMatch(CANARY_PATTERN);
        expect(findLeak(`failed: ${value}`)?.kind).toBe('canary');
      }),
      PROPERTY_RUNS,
    );
  });

  it('should keep the body within the requested lengths', () => {
    fc.assert(
      fc.property(canary({ minBodyLength: 10, maxBodyLength: 12 }), (value) => {
        expect(value.length - 'CANARY-'.length).toBeGreaterThanOrEqual(10);
        expect(value.length - 'CANARY-'.length).toBeLessThanOrEqual(12);
      }),
      PROPERTY_RUNS,
    );
  });

  it('should not match CANARY_PATTERN once the body is too short (negative control)', () => {
    // Arrange
    const [value] = fc.sample(canary({ minBodyLength: 8, maxBodyLength: 8 }), {
      seed: 41,
      numRuns: 1,
    });

    // Act / Assert
    expect(value?.slice(0, -1)).not.toMatch(CANARY_PATTERN);
  });
});
