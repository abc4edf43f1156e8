import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fabricateStructuredContent } from '../../mutators/fabricate-structured-content.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const withStructured = (structuredContent: object): object => ({
  ...TOOL_FAILURE,
  result: { ...TOOL_FAILURE.result, structuredContent },
});
const path = ['result', 'structuredContent'];

const SCHEMAS = [
  {
    type: 'object',
    properties: {
      total: { type: 'integer', minimum: 1 },
      currency: { enum: ['EUR', 'USD'] },
      items: { type: 'array', minItems: 2, items: { type: 'string', minLength: 3 } },
      paid: { type: 'boolean' },
      note: { type: ['null', 'string'] },
      owner: { anyOf: [{ type: 'object', properties: { id: { const: 'u1' } } }, { type: 'null' }] },
      ratio: { type: 'number', exclusiveMinimum: 0.5 },
    },
    required: ['total', 'currency', 'items'],
  },
  { type: 'object', properties: {} },
  { properties: { nested: { properties: { deep: { type: 'string', default: 'd' } } } } },
] as const;

describe('fabricate-structured-content', () => {
  it('should add a plausible object to a tool failure when no outputSchema is known', () => {
    expectVariants(fabricateStructuredContent, TOOL_FAILURE, mutatorContext(), [
      {
        value: withStructured({ status: 'ok', items: [] }),
        replacement: '+ structuredContent (plausible)',
        path,
      },
    ]);
  });

  it.each(SCHEMAS.map((schema) => [JSON.stringify(schema).slice(0, 40), schema] as const))(
    'should add a value the outputSchema accepts: %s',
    (_label, schema) => {
      const context = mutatorContext({ check: { outputSchema: schema } });
      const [variant] = variantsOf(fabricateStructuredContent, TOOL_FAILURE, context);
      const value = (variant?.value as { result: { structuredContent: unknown } }).result
        .structuredContent;
      const validate = new Ajv({ strict: false }).compile(schema);
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      expect(variant?.replacement).toBe('+ structuredContent (from outputSchema)');
    },
  );

  it('should not apply to a success, a protocol error or a failure that already carries one', () => {
    const context = mutatorContext();
    expectNoVariants(fabricateStructuredContent, SUCCESS, context);
    expectNoVariants(fabricateStructuredContent, PROTOCOL_ERROR, context);
    expectNoVariants(fabricateStructuredContent, withStructured({}), context);
  });
});
