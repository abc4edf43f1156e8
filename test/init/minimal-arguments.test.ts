import { describe, expect, it } from 'vitest';
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
