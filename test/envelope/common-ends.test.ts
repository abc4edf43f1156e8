import { describe, expect, test } from 'vitest';
import { commonEnds } from '../../src/envelope/common-ends.js';

describe('commonEnds', () => {
  test('should count the shared start, then the shared end of what is left', () => {
    expect(commonEnds('ab-x-yz', 'ab-yz')).toEqual({ head: 3, tail: 2 });
    expect(commonEnds(['a', 'b'], ['a', 'c', 'b'])).toEqual({ head: 1, tail: 1 });
  });

  test('should never let the end reach into the start', () => {
    // "aa" → "aaa": the start takes both a's; only the inserted one is left, and nothing ends both.
    expect(commonEnds('aa', 'aaa')).toEqual({ head: 2, tail: 0 });
    expect(commonEnds('abc', 'abc')).toEqual({ head: 3, tail: 0 });
    expect(commonEnds('', 'x')).toEqual({ head: 0, tail: 0 });
  });
});
