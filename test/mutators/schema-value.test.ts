import { describe, expect, it } from 'vitest';
import { valueOfSchema } from '../../mutators/_schema-value.js';

/** `schema` wrapped `levels` times in `wrap`: the innermost schema sits at depth `levels`. */
function nested(levels: number, schema: object, wrap: (inner: object) => object): object {
  let current = schema;
  for (let level = 0; level < levels; level += 1) current = wrap(current);
  return current;
}

describe('valueOfSchema', () => {
  it('should give an empty object for a schema that is not an object', () => {
    expect(valueOfSchema(true)).toStrictEqual({});
    expect(valueOfSchema(null)).toStrictEqual({});
    expect(valueOfSchema(['string'])).toStrictEqual({});
  });

  it('should take the const, else the first enum value, else the default', () => {
    expect(valueOfSchema({ const: 5, enum: [1], default: 2, type: 'string' })).toBe(5);
    expect(valueOfSchema({ enum: ['a', 'b'], default: 2, type: 'string' })).toBe('a');
    expect(valueOfSchema({ default: 'd', type: 'integer' })).toBe('d');
  });

  it('should skip an empty enum and an empty branch list for the type', () => {
    expect(valueOfSchema({ enum: [], type: 'boolean' })).toBe(true);
    expect(valueOfSchema({ anyOf: [], type: 'boolean' })).toBe(true);
  });

  it('should follow the first branch of anyOf, oneOf or allOf', () => {
    expect(valueOfSchema({ anyOf: [{ const: 'a' }, { const: 'b' }] })).toBe('a');
    expect(valueOfSchema({ oneOf: [{ const: 'o' }] })).toBe('o');
    expect(valueOfSchema({ allOf: [{ type: 'null' }] })).toBeNull();
  });

  it('should give the simplest value of each type, within its bounds', () => {
    expect(valueOfSchema({ type: 'string' })).toBe('xx');
    expect(valueOfSchema({ type: 'string', minLength: 4 })).toBe('xxxx');
    expect(valueOfSchema({ type: 'integer' })).toBe(0);
    expect(valueOfSchema({ type: 'number', minimum: 2.5 })).toBe(3);
    expect(valueOfSchema({ type: 'number', exclusiveMinimum: 0.5 })).toBe(2);
    expect(valueOfSchema({ type: 'integer', exclusiveMinimum: -3 })).toBe(-2);
    expect(valueOfSchema({ type: 'boolean' })).toBe(true);
    expect(valueOfSchema({ type: 'null' })).toBeNull();
    expect(valueOfSchema({ type: 'array', items: { type: 'boolean' } })).toStrictEqual([true]);
    expect(valueOfSchema({ type: 'array', minItems: 2, items: { const: 1 } })).toStrictEqual([
      1, 1,
    ]);
    expect(valueOfSchema({ type: 'object', properties: { a: { type: 'null' } } })).toStrictEqual({
      a: null,
    });
  });

  it('should ignore bounds that are not finite numbers', () => {
    expect(valueOfSchema({ type: 'string', minLength: '5' })).toBe('xx');
    expect(valueOfSchema({ type: 'integer', minimum: Infinity })).toBe(0);
    expect(valueOfSchema({ type: 'integer', minimum: '7', exclusiveMinimum: NaN })).toBe(0);
  });

  it('should take the first string type that is not null from a type list', () => {
    expect(valueOfSchema({ type: ['null', 'string'] })).toBe('xx');
    expect(valueOfSchema({ type: [1, 'integer'] })).toBe(0);
    expect(valueOfSchema({ type: ['null'] })).toBeNull();
    expect(valueOfSchema({ type: [] })).toBeNull();
  });

  it('should infer an array from items and an object otherwise', () => {
    expect(valueOfSchema({ items: { type: 'integer' } })).toStrictEqual([0]);
    expect(valueOfSchema({ properties: { b: { type: 'boolean' } } })).toStrictEqual({ b: true });
    expect(valueOfSchema({})).toStrictEqual({});
  });

  it.each([
    ['anyOf', (inner: object): object => ({ anyOf: [inner] })],
    ['items', (inner: object): object => ({ type: 'array', items: inner })],
    ['properties', (inner: object): object => ({ properties: { p: inner } })],
  ] as const)('should stop at depth 6 when %s nest deeper', (_label, wrap) => {
    // Depth 6 is still followed; depth 7 is cut off to an empty object.
    expect(JSON.stringify(valueOfSchema(nested(6, { const: 'leaf' }, wrap)))).toContain('leaf');
    expect(JSON.stringify(valueOfSchema(nested(7, { const: 'leaf' }, wrap)))).not.toContain('leaf');
    expect(valueOfSchema({ const: 'leaf' }, 6)).toBe('leaf');
    expect(valueOfSchema({ const: 'leaf' }, 7)).toStrictEqual({});
  });
});
