import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { fieldName, formatSchemaError } from '../../src/config/format-schema-error.js';
import { validateConfigInput } from '../../src/config/validate-config-input.js';

/** The problem lines `validateConfigInput` throws for `value`, without the schema reference. */
function problems(value: unknown): string[] {
  try {
    validateConfigInput(value, 'envelope-mutants.config.json');
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message.replace(/ See the schema at \S+$/, '').split('\n');
  }
  return [];
}

/** The sentences of a small schema's errors, from a real ajv compiled as the config's is. */
function sentences(schema: object, value: unknown, options: { verbose?: boolean } = {}): string[] {
  const validate = new Ajv({ allErrors: true, verbose: options.verbose ?? true }).compile(schema);
  validate(value);
  return (validate.errors ?? []).map((error) => formatSchemaError(error, value));
}

const WHERE = 'envelope-mutants.config.json';

describe('formatSchemaError on config mistakes', () => {
  it('should give the bound a number breaks', () => {
    expect(problems({ thresholds: { high: 120 }, concurrency: 0 })).toEqual([
      `${WHERE}: thresholds.high: expected a number <= 100 but received number 120.`,
      `${WHERE}: concurrency: expected a number >= 1 but received number 0.`,
    ]);
  });

  it('should name the repeated items of a list', () => {
    expect(problems({ reporters: ['json', 'json'] })).toEqual([
      `${WHERE}: reporters: items 0 and 1 are the same. List each value once.`,
    ]);
  });

  it('should say how to fix an empty list', () => {
    // An empty reporters list ran every mutant and wrote no result anywhere.
    expect(problems({ mutators: [], reporters: [] })).toEqual([
      `${WHERE}: mutators: expected at least one item but received an empty list. Remove the key to use the default.`,
      `${WHERE}: reporters: expected at least one item but received an empty list. Remove the key to use the default.`,
    ]);
  });

  it('should give the minimum length of a string, and never the value of a canary', () => {
    expect(problems({ reportDir: '', canaries: ['ab'] })).toEqual([
      `${WHERE}: canaries[0]: expected at least 4 characters besides spaces but received a string of 2 characters: a short or blank canary matches innocent text.`,
      `${WHERE}: reportDir: expected a string of at least 1 characters but received string "".`,
    ]);
  });

  it('should refuse a blank canary, which any text with spaces would leak, without its value', () => {
    expect(problems({ canaries: ['    ', ' a b c d '] })).toEqual([
      `${WHERE}: canaries[0]: expected at least 4 characters besides spaces but received a string of 4 characters: a short or blank canary matches innocent text.`,
    ]);
  });

  it('should refuse a timeoutMs past the longest timer Node sets', () => {
    expect(problems({ timeoutMs: 3_000_000_000 })).toEqual([
      `${WHERE}: timeoutMs: expected a number <= 2147483647 but received number 3000000000.`,
    ]);
  });

  it('should refuse an empty label key once', () => {
    expect(problems({ labels: { '': 'jsonrpc.id' } })).toEqual([
      `${WHERE}: labels: a key may not be the empty string.`,
    ]);
  });

  it('should quote a label key that is not an identifier, unescaping / and ~', () => {
    const lines = problems({
      labels: { 'a/b~c': 'x', '1abc': 'jsonrpc.idd', 'a.b': 'y', 'ok_$-1': 'z' },
    });

    expect(lines.map((line) => line.split(': ')[1])).toEqual([
      'labels["a/b~c"]',
      'labels["1abc"]',
      'labels["a.b"]',
      'labels.ok_$-1',
    ]);
    expect(lines[1]).toContain('"jsonrpc.idd" is not a rule. Did you mean "jsonrpc.id"?');
  });

  it('should show a value that is not a string by its type, with no suggestion', () => {
    expect(problems({ profile: 5, pool: 3, reporters: [7] })).toEqual([
      `${WHERE}: profile: unknown profile number 5. Valid profiles: jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28.`,
      `${WHERE}: reporters[0]: unknown reporter number 7. Valid reporters: json, html, console.`,
      `${WHERE}: pool: expected one of auto, project, vmForks but received number 3.`,
    ]);
  });

  it('should list the known keys when no key is close to the unknown one, and not when one is', () => {
    expect(problems({ thresholds: { zzzzz: 1, hgh: 80 } })).toEqual([
      `${WHERE}: thresholds: unknown key "zzzzz". Known keys: high, low, break, brittle.`,
      `${WHERE}: thresholds: unknown key "hgh". Did you mean "high"?`,
    ]);
  });

  it('should describe a wrong value by its type', () => {
    expect(problems({ strict: null, reportDir: {}, baseline: [] })).toEqual([
      `${WHERE}: strict: expected boolean but received null.`,
      `${WHERE}: reportDir: expected string but received an object.`,
      `${WHERE}: baseline: expected string but received an empty array.`,
    ]);
  });
});

describe('formatSchemaError on other schemas', () => {
  it('should give the bound of an exclusive minimum and maximum', () => {
    const schema = {
      type: 'object',
      properties: { ratio: { exclusiveMinimum: 0 }, share: { exclusiveMaximum: 1 } },
    };

    expect(sentences(schema, { ratio: 0, share: 1 })).toEqual([
      'ratio: expected a number > 0 but received number 0.',
      'share: expected a number < 1 but received number 1.',
    ]);
  });

  it("should fall back to ajv's message for another keyword, or say the value is invalid", () => {
    const schema = { type: 'object', required: ['seed'], properties: { id: { pattern: '^a' } } };
    const noMessages = new Ajv({ allErrors: true, messages: false }).compile(schema);
    noMessages({});

    expect(sentences(schema, { id: 'b' })).toEqual([
      "must have required property 'seed'.",
      'id: must match pattern "^a".',
    ]);
    expect(formatSchemaError(noMessages.errors?.[0] as ErrorObject, {})).toBe('is invalid.');
  });

  it('should name an unknown key with no list when the schema declares no keys', () => {
    expect(sentences({ type: 'object', additionalProperties: false }, { x: 1 })).toEqual([
      'unknown key "x".',
    ]);
  });

  it('should still name an unknown key when ajv gives no parent schema (no verbose)', () => {
    const schema = { type: 'object', properties: { high: {} }, additionalProperties: false };

    expect(sentences(schema, { zzzzz: 1 }, { verbose: false })).toEqual(['unknown key "zzzzz".']);
  });

  it('should read no known keys from a parent schema whose properties are not an object', () => {
    const error: ErrorObject = {
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: 'zzzzz' },
      parentSchema: { properties: null },
    };

    expect(formatSchemaError(error, {})).toBe('unknown key "zzzzz".');
  });

  it('should read no known keys from a parent schema whose properties are a string', () => {
    const error: ErrorObject = {
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: 'zzzzz' },
      parentSchema: { properties: 'high' },
    };

    expect(formatSchemaError(error, {})).toBe('unknown key "zzzzz".');
  });

  it('should list no values for an enum error that carries no allowed values', () => {
    const error: ErrorObject = {
      keyword: 'enum',
      instancePath: '/pool',
      schemaPath: '#/properties/pool/enum',
      params: {},
      data: 'fast',
    };

    expect(formatSchemaError(error, { pool: 'fast' })).toMatch(
      /^pool: expected one of\s+but received "fast"\.$/,
    );
  });
});

describe('fieldName', () => {
  it('should read array indexes from the value, past values that are missing or null', () => {
    expect(fieldName('/canaries/1', { canaries: ['abcd', 'ef'] })).toBe('canaries[1]');
    expect(fieldName('/a/b/c', {})).toBe('a.b.c');
    expect(fieldName('/a/b', { a: null })).toBe('a.b');
    expect(fieldName('', {})).toBe('');
  });
});
