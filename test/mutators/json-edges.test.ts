import { describe, expect, it } from 'vitest';
import { deepEqual, getAt, setAt } from '../../mutators/_json.js';

describe('getAt', () => {
  it('should find nothing below a value that is not a container', () => {
    expect(getAt(null, ['a'])).toBeUndefined();
    expect(getAt({ a: null }, ['a', 'b'])).toBeUndefined();
    // A string has own index members in JavaScript, but no JSON members at all.
    expect(getAt('abc', [0])).toBeUndefined();
    expect(getAt({ a: 'abc' }, ['a', 'length'])).toBeUndefined();
  });

  it('should read own members only, never inherited ones', () => {
    expect(getAt({}, ['toString'])).toBeUndefined();
    expect(getAt({ a: [10, 20] }, ['a', 1])).toBe(20);
  });
});

describe('setAt on a numeric step', () => {
  it('should set a member named by the number in an object, not treat it as an array', () => {
    expect(setAt({ a: 1 }, [0], 'x')).toStrictEqual({ a: 1, 0: 'x' });
    expect(Array.isArray(setAt({ a: 1 }, [0], 'x'))).toBe(false);
  });

  it('should index an array only with a number', () => {
    expect(setAt([1, 2], [1], 3)).toStrictEqual([1, 3]);
    expect(setAt([1, 2], ['k'], 3)).toStrictEqual({ k: 3 });
  });
});

describe('deepEqual on null', () => {
  it('should tell null from an object, on either side', () => {
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({}, null)).toBe(false);
    expect(deepEqual(null, [])).toBe(false);
    expect(deepEqual(null, null)).toBe(true);
  });
});
