import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { getProfile } from '../../src/taxonomy/profiles/profiles.js';
import { readProjectFailureClasses } from '../../src/taxonomy/read-project-failure-classes.js';
import type { CodeDoc } from '../../src/taxonomy/taxonomy.js';

const WHERE = 'taxonomy.failureClasses';
const CODES: ReadonlyMap<number, CodeDoc> = new Map(
  getProfile('mcp-2025-11-25').codes.map((doc) => [doc.code, doc]),
);

/** The ConfigError message `readProjectFailureClasses` throws for `value`. */
function messageFor(value: unknown): string {
  try {
    readProjectFailureClasses(value, CODES, WHERE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readProjectFailureClasses accepted the value');
}

describe('readProjectFailureClasses', () => {
  it('should read one rule per class, on each of the three layers', () => {
    // Arrange
    const value = {
      'quota-exceeded': { layer: 'protocol', code: -32602, description: 'Over quota.' },
      busy: { layer: 'tool' },
      'partial-success': { layer: 'success' },
    };

    // Act
    const rules = readProjectFailureClasses(value, CODES, WHERE);

    // Assert
    expect(rules).toStrictEqual([
      { name: 'quota-exceeded', layer: 'protocol', code: -32602, description: 'Over quota.' },
      { name: 'busy', layer: 'tool', description: 'Project failure class busy.' },
      {
        name: 'partial-success',
        layer: 'success',
        description: 'Project failure class partial-success.',
      },
    ]);
  });

  it('should read no classes when the key is absent', () => {
    expect(readProjectFailureClasses(undefined, CODES, WHERE)).toStrictEqual([]);
  });

  it('should refuse classes that are not an object, with an example', () => {
    expect(messageFor([])).toBe(
      'taxonomy.failureClasses: expected an object of failure classes but received an array. Write "failureClasses": {"quota-exceeded": {"layer": "tool"}}.',
    );
    expect(messageFor('tool')).toMatch(/^taxonomy\.failureClasses: .* received string "tool"\./);
  });

  it('should refuse a class that is not an object', () => {
    expect(messageFor({ busy: 'tool' })).toBe(
      'taxonomy.failureClasses.busy: expected an object {layer, code?, description?} but received string "tool". Give the class a layer.',
    );
    expect(messageFor({ busy: null })).toMatch(
      /^taxonomy\.failureClasses\.busy: .* received null\./,
    );
  });

  it.each([
    ['an unknown layer', 'transport', 'string "transport"'],
    ['a layer in capitals', 'Tool', 'string "Tool"'],
    ['a numeric layer', 2, 'number 2'],
    ['a missing layer', undefined, 'undefined'],
  ])('should list the layers for %s', (_name, layer, received) => {
    expect(messageFor({ busy: { layer } })).toBe(
      `taxonomy.failureClasses.busy.layer: expected one of protocol, tool, success but received ${received}. Say where the failure is reported.`,
    );
  });

  it('should refuse a description that is not a string', () => {
    expect(messageFor({ busy: { layer: 'tool', description: 7 } })).toBe(
      'taxonomy.failureClasses.busy.description: expected a string but received number 7. Describe the class in words.',
    );
  });

  it('should name the code field when a non-protocol class carries a code', () => {
    expect(messageFor({ busy: { layer: 'tool', code: -32602 } })).toBe(
      'taxonomy.failureClasses.busy.code: only protocol failures carry a code, this class is at the tool layer. Remove the code or use "layer": "protocol".',
    );
  });

  it.each([
    ['a fractional number', 1.5, 'number 1.5'],
    ['a numeric string', '-32602', 'string "-32602"'],
    ['null', null, 'null'],
  ])('should refuse a protocol code that is %s', (_name, code, received) => {
    expect(messageFor({ quota: { layer: 'protocol', code } })).toBe(
      `taxonomy.failureClasses.quota.code: expected an integer but received ${received}. JSON-RPC 2.0 §5.1 error codes are integers.`,
    );
  });

  it('should refuse a protocol code the taxonomy does not document as current', () => {
    expect(messageFor({ quota: { layer: 'protocol', code: -32001 } })).toBe(
      "taxonomy.failureClasses.quota.code: -32001 is not a current documented code. Document it under taxonomy.codes or pick one of the profile's codes.",
    );
  });
});
