import { describe, expect, it } from 'vitest';
import { _editDistance, closestName, didYouMean } from '../../src/config/closest-name.js';

describe('closestName', () => {
  it('should pick the closest candidate within a third of the length', () => {
    expect(closestName('mutator', ['mutators', 'labels'])).toBe('mutators');
    expect(closestName('Tresholds', ['thresholds', 'strict'])).toBe('thresholds');
  });

  it('should give null when no candidate is close', () => {
    expect(closestName('xml', ['json', 'html', 'console'])).toBeNull();
    expect(didYouMean('minimumScore', ['high', 'low', 'break'])).toBe('');
  });

  it('should count insertions, deletions and substitutions', () => {
    expect(_editDistance('kitten', 'sitting')).toBe(3);
    expect(_editDistance('', 'abc')).toBe(3);
    expect(_editDistance('same', 'same')).toBe(0);
  });
});
