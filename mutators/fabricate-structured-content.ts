import type { Mutator } from '../src/mutant/mutator.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import { has, toolFailureOf } from './_envelope.js';
import { valueOfSchema } from './_schema-value.js';
import { distinct, variantAt } from './_variants.js';

/** Without an `outputSchema`, what a handler's "default result" usually looks like. */
const PLAUSIBLE = { status: 'ok', items: [] } as const;

/**
 * Adds schema-shaped `structuredContent` to a tool failure. MCP 2025-11-25 tools: structured
 * content conforms to `outputSchema` on success; a failure that fabricates a conforming value
 * makes a consumer reading only `structuredContent` take the failure for a result.
 */
export const fabricateStructuredContent: Mutator<'fabricate-structured-content'> = {
  name: 'fabricate-structured-content',
  description: 'Adds schema-shaped structuredContent to a tool failure.',
  layer: 'tool',
  target: 'envelope',
  expectedKillers: ['mcp.structured-content'],
  version: 1,
  *mutate(target, context) {
    const result = toolFailureOf(target);
    if (result === undefined || has(result, 'structuredContent')) return;
    const schema = context.check.outputSchema;
    const shaped = schema === undefined ? undefined : valueOfSchema(schema);
    // MCP 2025-11-25 schema.ts: structuredContent is an object; a non-object schema falls back.
    const value = isJsonObject(shaped) ? shaped : PLAUSIBLE;
    const why = isJsonObject(shaped) ? 'from outputSchema' : 'plausible';
    const text = `+ structuredContent (${why})`;
    yield* distinct(target, [variantAt(target, ['result', 'structuredContent'], value, text)]);
  },
};
