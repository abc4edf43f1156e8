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

  it('should allow a third of the length in edits, and at least one for a short name', () => {
    // 'mutatr' (6 letters) is 2 edits from 'mutators'; 'ab' (2 letters) is 1 edit from 'abc'.
    expect(closestName('mutatr', ['mutators'])).toBe('mutators');
    expect(closestName('ab', ['abc'])).toBe('abc');
    expect(closestName('mutar', ['mutators'])).toBeNull();
  });

  it('should prefer a closer candidate, and the first of equally close ones', () => {
    expect(closestName('thresold', ['threshol', 'threshold'])).toBe('threshold');
    expect(closestName('hgh', ['high', 'hugh'])).toBe('high');
    expect(closestName('hgh', ['hugh', 'high'])).toBe('hugh');
  });

  it('should count insertions, deletions and substitutions', () => {
    expect(_editDistance('kitten', 'sitting')).toBe(3);
    expect(_editDistance('', 'abc')).toBe(3);
    expect(_editDistance('same', 'same')).toBe(0);
  });
});
