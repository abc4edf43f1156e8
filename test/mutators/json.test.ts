import { describe, expect, it } from 'vitest';
import { deepEqual, deleteAt, getAt, setAt } from '../../mutators/_json.js';
import { deepFreeze } from './mutator-spec.js';

describe('setAt / deleteAt', () => {
  const input = deepFreeze({ a: 1, b: { c: [10, 20], d: 'x' } });

  it('should copy the containers along the path and keep member order', () => {
    const output = setAt(input, ['b', 'c', 1], 21);
    expect(output).toStrictEqual({ a: 1, b: { c: [10, 21], d: 'x' } });
    expect(Object.keys(output as object)).toStrictEqual(['a', 'b']);
    expect((output as { b: { d: string } }).b.d).toBe('x');
  });

  it('should create missing containers and delete members', () => {
    expect(setAt(input, ['e', 'f'], true)).toStrictEqual({ ...input, e: { f: true } });
    expect(deleteAt(input, ['b', 'd'])).toStrictEqual({ a: 1, b: { c: [10, 20] } });
    expect(deleteAt(input, ['b', 'c', 0])).toStrictEqual({ a: 1, b: { c: [20], d: 'x' } });
  });

  it('should keep a __proto__ member a plain member', () => {
    const tricky = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as unknown;
    const output = setAt(tricky, ['k'], 2) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(output, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(getAt(output, ['k'])).toBe(2);
  });
});

describe('deepEqual', () => {
  it('should ignore member order and tell types apart', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ id: 1 }, { id: '1' })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

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
