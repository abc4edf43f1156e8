import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { check } from '../../src/oracle/check.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import type { Taxonomy } from '../../src/taxonomy/taxonomy.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { toolError } from './fixtures.js';

const taxonomy = resolveTaxonomy();
const run = (context: unknown) => () => check(toolError(1), context as CheckContext, taxonomy);

describe('check context', () => {
  it.each([
    ['a non-object context', null, /^check context: expected an object/],
    ['an array context', [], /^check context: expected an object/],
    ['a boolean request id', { requestId: true }, /^check context\.requestId:/],
    ['in-flight ids that are not ids', { inFlightIds: [{}] }, /^check context\.inFlightIds:/],
    ['a numeric method', { method: 1 }, /^check context\.method:/],
    ['an empty canary', { canaries: [''] }, /^check context\.canaries:/],
    ['a schema that is not an object', { outputSchema: 'x' }, /^check context\.outputSchema:/],
    [
      'a schema Ajv cannot compile',
      { outputSchema: { type: 'nope' } },
      /^check context\.outputSchema: not a valid JSON Schema/,
    ],
    [
      'an asynchronous schema, whose promise would read as a pass',
      { outputSchema: { $async: true, type: 'object' } },
      /^check context\.outputSchema: "\$async": true makes an asynchronous schema/,
    ],
    [
      'an unknown failure class',
      { expected: { failureClass: 'nope' } },
      /failureClass: "nope" is not a failure class of mcp-2025-11-25\. Use one of: .*unknown-tool/,
    ],
    ['an unknown layer', { expected: { layer: 'transport' } }, /^check context\.expected\.layer:/],
    [
      'a numeric layer',
      { expected: { layer: 1 } },
      'check context.expected.layer: expected one of protocol, tool, success but received 1. Pick a layer.',
    ],
    [
      'a string expected code',
      { expected: { code: '-32602' } },
      'check context.expected.code: expected an integer but received "-32602".',
    ],
    [
      'an expectation that is not an object',
      { expected: 'tool' },
      'check context.expected: expected an object {failureClass?, layer?, code?} but received "tool".',
    ],
    [
      'a numeric failure class',
      { expected: { failureClass: 7 } },
      'check context.expected.failureClass: 7 is not a failure class',
    ],
    [
      'in-flight ids with one bad id',
      { inFlightIds: [1, true] },
      'check context.inFlightIds: expected an array of ids but received an array.',
    ],
    [
      'canaries with one empty string',
      { canaries: ['a', ''] },
      'check context.canaries: expected an array of non-empty strings but received an array.',
    ],
    [
      'a long unknown failure class',
      { expected: { failureClass: 'x'.repeat(50) } },
      `failureClass: "${'x'.repeat(40)}…" is not`,
    ],
    [
      'an object request id',
      { requestId: {} },
      'check context.requestId: expected a string, number or null but received object.',
    ],
    [
      'a null method',
      { method: null },
      'check context.method: expected a string but received null.',
    ],
    ['a fractional expected code', { expected: { code: 1.5 } }, /^check context\.expected\.code:/],
  ])('should throw a ConfigError for %s', (_name, context, message) => {
    const call = run(context);

    expect(call).toThrow(ConfigError);
    expect(call).toThrow(message);
  });

  it('should accept an empty context and undefined fields (negative control)', () => {
    expect(run({})()).toEqual([]);
    expect(run({ requestId: undefined, expected: undefined })()).toEqual([]);
  });

  it('should throw a ConfigError when the taxonomy is not one resolveTaxonomy built', () => {
    const notATaxonomy = { profile: 'mcp-2025-11-25' } as unknown as Taxonomy;

    expect(() => check(toolError(1), {}, notATaxonomy)).toThrow(ConfigError);
    expect(() => checkDecision({}, notATaxonomy)).toThrow(
      'checkDecision taxonomy: expected a Taxonomy',
    );
  });

  it('should reject an unknown tool-layer class under jsonrpc-2.0, which has no tools', () => {
    const plain = resolveTaxonomy({ profile: 'jsonrpc-2.0' });

    expect(() =>
      check(toolError(1), { expected: { failureClass: 'tool-execution' } }, plain),
    ).toThrow(ConfigError);
  });
});
