import { afterEach, describe, expect, it, vi } from 'vitest';
import { propertyRuns } from './property-runs.js';

describe('propertyRuns', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('should keep the full size when no cap is set, as under npm test', () => {
    // Arrange
    vi.stubEnv('ENVELOPE_MUTANTS_PROPERTY_RUNS', undefined);

    // Act / Assert
    expect(propertyRuns(2000)).toBe(2000);
  });

  it('should cut a larger size to the cap and leave a smaller one alone', () => {
    // Arrange
    vi.stubEnv('ENVELOPE_MUTANTS_PROPERTY_RUNS', '100');

    // Act / Assert
    expect(propertyRuns(2000)).toBe(100);
    expect(propertyRuns(40)).toBe(40);
  });

  it.each(['', '0', '-5', '2.5', 'many'])(
    'should ignore a cap of %j and keep the full size',
    (cap) => {
      // Arrange
      vi.stubEnv('ENVELOPE_MUTANTS_PROPERTY_RUNS', cap);

      // Act / Assert
      expect(propertyRuns(300)).toBe(300);
    },
  );
});
