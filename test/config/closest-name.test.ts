import { describe, expect, it } from 'vitest';
import { closestName, didYouMean } from '../../src/config/closest-name.js';

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

  it('should count insertions, deletions and substitutions as one edit each', () => {
    // 'kitten' allows 2 edits: 'sitting' is 3 away (2 substitutions, 1 insertion).
    expect(closestName('kiten', ['kitten'])).toBe('kitten');
    expect(closestName('kittenn', ['kitten'])).toBe('kitten');
    expect(closestName('sittin', ['kitten'])).toBe('kitten');
    expect(closestName('kitten', ['sitting'])).toBeNull();
  });

  it('should suggest in one wording, ignoring case', () => {
    expect(didYouMean('Mutator', ['mutators'])).toBe(' Did you mean "mutators"?');
  });
});
