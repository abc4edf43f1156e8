import * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../envelope/json-value.js';
import { safeText, safeWord } from './safe-text.js';

/** A tool's `outputSchema` with a `structuredContent` value that conforms to it. */
export interface StructuredOutput {
  readonly outputSchema: JsonObject;
  readonly structuredContent: JsonObject;
}

const FIELD_TYPES = ['string', 'integer', 'number', 'boolean'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

function valueOf(type: FieldType): fc.Arbitrary<JsonValue> {
  switch (type) {
    case 'string':
      return safeText();
    case 'integer':
      return fc.integer({ min: -1000, max: 1000 });
    case 'number':
      return fc
        .double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true })
        .map((value) => (value === 0 ? 0 : value)); // -0 does not survive JSON
    case 'boolean':
      return fc.boolean();
  }
}

/**
 * An object `outputSchema` (MCP 2025-06-18 tools: `type: "object"`) whose every property is
 * required, and a value for it. Every field is required so that dropping one breaks the schema.
 */
export function structuredOutput(): fc.Arbitrary<StructuredOutput> {
  const fields = fc.uniqueArray(fc.tuple(safeWord(), fc.constantFrom(...FIELD_TYPES)), {
    minLength: 1,
    maxLength: 4,
    selector: ([name]) => name,
  });
  return fields.chain((pairs) =>
    fc.tuple(...pairs.map(([, type]) => valueOf(type))).map((values) => {
      const properties: Record<string, JsonObject> = {};
      const structuredContent: Record<string, JsonValue> = {};
      pairs.forEach(([name, type], index) => {
        properties[name] = { type };
        structuredContent[name] = values[index] ?? null;
      });
      const outputSchema = { type: 'object', properties, required: pairs.map(([name]) => name) };
      return { outputSchema, structuredContent };
    }),
  );
}
