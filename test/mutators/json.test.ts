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
