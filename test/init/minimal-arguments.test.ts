import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/envelope/json-value.js';
import { minimalArguments, violatingArguments } from '../../src/init/minimal-arguments.js';
import { schemaAccepts } from '../../src/init/schema-accepts.js';

const SUM = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number', minimum: 1 } },
  required: ['a', 'b'],
};

describe('minimalArguments', () => {
  it('should fill each required property with the least value its schema allows', () => {
    expect(minimalArguments(SUM)).toEqual({ a: 0, b: 1 });
  });

  it('should honour const, enum, minLength, exclusiveMinimum, minItems and nested objects', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { enum: ['short', 'long'] },
        version: { const: 2 },
        name: { type: 'string', minLength: 3 },
        count: { type: 'integer', exclusiveMinimum: 0 },
        tags: { type: 'array', minItems: 2, items: { type: 'string' } },
        where: { type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] },
        optional: { type: 'string', pattern: '^acct_' },
      },
      required: ['kind', 'version', 'name', 'count', 'tags', 'where'],
    };

    const value = minimalArguments(schema);

    expect(value).toEqual({
      kind: 'short',
      version: 2,
      name: 'xxx',
      count: 1,
      tags: ['', ''],
      where: { x: false },
    });
  });

  it('should give up on a required property it cannot build rather than guess', () => {
    const schema = {
      type: 'object',
      properties: { accountId: { type: 'string', pattern: '^acct_[a-z]+$' } },
      required: ['accountId'],
    };

    expect(minimalArguments(schema)).toBeUndefined();
  });

  it('should return {} for a schema without required properties', () => {
    expect(minimalArguments({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({});
  });
});

describe('violatingArguments', () => {
  it('should leave out a required property first', () => {
    const value = violatingArguments(SUM);

    expect(value).toEqual({ b: 1 });
    expect(schemaAccepts(SUM, value ?? {})).toBe(false);
  });

  it('should give a property the wrong type when nothing is required', () => {
    const schema = { type: 'object', properties: { message: { type: 'string' } } };

    expect(violatingArguments(schema)).toEqual({ message: 42 });
  });

  it('should add an unknown property where additionalProperties is false', () => {
    const schema = { type: 'object', properties: {}, additionalProperties: false };

    expect(violatingArguments(schema)).toEqual({ envelopeMutantsUnknownArgument: true });
  });

  it('should find nothing to violate in a schema that accepts every object', () => {
    expect(violatingArguments({ type: 'object' })).toBeUndefined();
  });
});

/** `depth` objects, each requiring the next, around one required boolean. */
function nested(depth: number): JsonObject {
  let schema: JsonObject = { type: 'boolean' };
  for (let level = 0; level < depth; level += 1)
    schema = { type: 'object', properties: { a: schema }, required: ['a'] };
  return schema;
}

/** The minimal value of one required property `v` with `schema`. */
function minimalOf(schema: JsonValue): JsonValue | undefined {
  return minimalArguments({ type: 'object', properties: { v: schema }, required: ['v'] })?.['v'];
}

describe('minimalArguments per keyword', () => {
  it.each([
    ['a default', { type: 'integer', default: 5 }, 5],
    ['the first anyOf option it can build', { anyOf: [false, { type: 'integer', minimum: 3 }] }, 3],
    [
      'the first oneOf option',
      { oneOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] },
      'xx',
    ],
    ['the first type of a type list', { type: ['integer', 'null'], minimum: 4 }, 4],
    ['null', { type: 'null' }, null],
    ['a boolean', { type: 'boolean' }, false],
    ['the true schema', true, null],
    ['a number above an exclusive minimum', { type: 'number', exclusiveMinimum: 0 }, 0.5],
    ['an integer rounded up from a minimum', { type: 'integer', minimum: 1.5 }, 2],
    ['a number at its minimum', { type: 'number', minimum: 1.5 }, 1.5],
    [
      'the least integer above a fractional exclusive minimum',
      { type: 'integer', exclusiveMinimum: 0.7 },
      1,
    ],
    ['an empty array whose items it cannot build', { type: 'array', items: false }, []],
    ['a negative maximum when there is no minimum', { type: 'number', maximum: -3 }, -3],
    ['0 under a positive maximum', { type: 'number', maximum: 5 }, 0],
    ['the minimum under a negative maximum', { type: 'number', minimum: -10, maximum: -3 }, -10],
    [
      'above an exclusive minimum under a negative maximum',
      { type: 'number', exclusiveMinimum: -10, maximum: -3 },
      -9.5,
    ],
    ['an empty array', { type: 'array', items: { type: 'integer' } }, []],
    [
      'minItems copies of the least item',
      { type: 'array', minItems: 2, items: { type: 'integer', minimum: 2 } },
      [2, 2],
    ],
    ['minItems empty objects without items', { type: 'array', minItems: 2 }, [{}, {}]],
  ])('should build %s', (_, schema, expected) => {
    expect(minimalOf(schema)).toEqual(expected);
  });

  it.each([
    ['the false schema', false],
    ['an unknown type', { type: 'date' }],
    ['an anyOf of nothing it can build', { anyOf: [false, { type: 'date' }] }],
  ])('should give up on %s', (_, schema) => {
    expect(minimalOf(schema)).toBeUndefined();
  });

  it('should give up on an input schema that is not an object schema', () => {
    expect(minimalArguments({ type: 'string' })).toBeUndefined();
  });

  it.each([
    ['anyOf', (inner: JsonValue): JsonValue => ({ anyOf: [inner] })],
    ['arrays', (inner: JsonValue): JsonValue => ({ type: 'array', minItems: 1, items: inner })],
  ])('should give up past the sixth level of nested %s', (_, wrap) => {
    let five: JsonValue = { type: 'boolean' };
    for (let level = 0; level < 5; level += 1) five = wrap(five);

    expect(minimalOf(five)).not.toBeUndefined();
    expect(minimalOf(wrap(five))).toBeUndefined();
  });

  it('should build six nested objects and give up on the seventh level', () => {
    expect(minimalArguments(nested(6))).toEqual({ a: { a: { a: { a: { a: { a: false } } } } } });
    expect(minimalArguments(nested(7))).toBeUndefined();
  });
});

describe('violatingArguments per property type', () => {
  it('should give a non-string property a string that is not a valid value', () => {
    const schema = { type: 'object', properties: { count: { type: 'integer' } } };

    expect(violatingArguments(schema)).toEqual({ count: 'not-a-valid-value' });
  });
});

describe('schemaAccepts', () => {
  it('should accept nothing from an asynchronous schema, whose promise would read as a pass', () => {
    expect(schemaAccepts({ $async: true, type: 'object' }, {})).toBe(false);
  });
});
