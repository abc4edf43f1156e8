import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/envelope/json-value.js';
import { ConfigError } from '../../src/errors.js';
import { outputSchemaValidator } from '../../src/oracle/output-schema-validator.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

/** The oracle's Ajv options before the meta-schemas were compiled ahead of time. */
const OPTIONS = { strict: false, allErrors: false, validateFormats: false };
const reference07 = new Ajv(OPTIONS);
const reference2020 = new Ajv2020(OPTIONS);

/** What the oracle threw before: Ajv compiling the schema with its own meta-schema check. */
function referenceMessage(schema: JsonObject): string | null {
  const named = schema['$schema'];
  const ajv = typeof named === 'string' && named.includes('draft-07') ? reference07 : reference2020;
  try {
    ajv.compile(schema);
    return null;
  } catch (error) {
    return `check context.outputSchema: not a valid JSON Schema (${(error as Error).message}). Pass the tool's outputSchema as listed by tools/list.`;
  }
}

function messageOf(schema: JsonObject): string | null {
  try {
    outputSchemaValidator(schema);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

/** Broken in the ways users break schemas, under every `$schema` the oracle routes. */
const INVALID: readonly JsonObject[] = [
  { type: 'nope' },
  { type: ['string', 'string'] },
  { type: ['string', 1] },
  { properties: { a: { type: 'objekt' } } },
  { required: 'a' },
  { required: ['a', 'a'] },
  { minLength: -1 },
  { anyOf: [] },
  { $comment: 5 },
  { $anchor: '1bad' },
  { items: { type: 1 } },
  { prefixItems: [{ type: 'q' }] },
  { $defs: { x: { enum: 'a' } } },
  { properties: { a: { properties: { b: { additionalProperties: { type: 'zz' } } } } } },
  { multipleOf: 0 },
  { pattern: 5 },
];
const SCHEMA_NAMES: readonly (string | number | undefined)[] = [
  undefined,
  DRAFT_2020,
  `${DRAFT_2020}#`,
  DRAFT_07,
  'http://json-schema.org/draft-07/schema',
  // Names no meta-schema compiled ahead of time: Ajv's own check decides, as before.
  'https://json-schema.org/draft-07/schema#',
  'https://json-schema.org/draft/2019-09/schema',
  '',
  5,
];

describe('outputSchemaValidator', () => {
  it.each([
    ['2020-12 by default', { type: 'object', properties: { n: { type: 'integer' } } }],
    ['2020-12 declared', { $schema: DRAFT_2020, type: 'object', prefixItems: [true] }],
    ['2020-12 declared with "#"', { $schema: `${DRAFT_2020}#`, type: 'object' }],
    ['draft-07 declared', { $schema: DRAFT_07, type: 'object', definitions: { a: {} } }],
  ])('should accept a valid schema: %s', (_name, schema: JsonObject) => {
    // Act
    const validate = outputSchemaValidator(schema);

    // Assert
    expect(validate({})).toBe(true);
    expect(validate('not an object')).toBe(false);
  });

  it('should refuse an invalid schema with the message Ajv gives', () => {
    // Arrange
    const schema = { type: 'objekt' };

    // Act
    const message = messageOf(schema);

    // Assert
    expect(message).toBe(
      "check context.outputSchema: not a valid JSON Schema (schema is invalid: data/type must be equal to one of the allowed values, data/type must be array, data/type must match a schema in anyOf). Pass the tool's outputSchema as listed by tools/list.",
    );
  });

  it('should refuse or accept every schema exactly as Ajv checking its meta-schema does', () => {
    // Arrange
    const cases = SCHEMA_NAMES.flatMap((named) =>
      [...INVALID, { type: 'object' }].map((schema) =>
        named === undefined ? schema : { $schema: named, ...schema },
      ),
    );

    // Act
    const outcomes = cases.map((schema) => ({
      schema,
      message: messageOf(schema),
      reference: referenceMessage(schema),
    }));

    // Assert
    expect(outcomes.filter(({ message, reference }) => message !== reference)).toEqual([]);
    // Accepted: the valid schema under the six names Ajv knows, and what draft-07 ignores
    // ($anchor, prefixItems, $defs) under its two names; every other case is refused.
    expect(outcomes.filter(({ reference }) => reference === null)).toHaveLength(12);
  });
});
