import { isJsonObject } from '../src/envelope/json-value.js';

/** Schemas nest; a fabricated value stops at this depth (JSON Schema allows recursion). */
const MAX_DEPTH = 6;

/**
 * A small value an `outputSchema` accepts, for a mutator that fabricates structured content: the
 * `const`, the first `enum` value or `default`, else the simplest value of the first `type`, with
 * every declared property. Covers the subset of JSON Schema tools use (MCP 2025-11-25 tools
 * `outputSchema`); `$ref` and pattern constraints are not followed.
 */
export function valueOfSchema(schema: unknown, depth = 0): unknown {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return {};
  if ('const' in schema) return schema['const'];
  const choices = schema['enum'];
  if (Array.isArray(choices) && choices.length > 0) return choices[0] as unknown;
  if ('default' in schema) return schema['default'];
  const [branch] = [schema['anyOf'], schema['oneOf'], schema['allOf']].filter(Array.isArray);
  if (branch !== undefined && branch.length > 0) return valueOfSchema(branch[0], depth + 1);
  return valueOfType(firstType(schema), schema, depth);
}

function valueOfType(
  type: string,
  schema: Readonly<Record<string, unknown>>,
  depth: number,
): unknown {
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(2, number(schema['minLength']) ?? 0));
    case 'integer':
    case 'number':
      return Math.ceil(number(schema['minimum']) ?? (number(schema['exclusiveMinimum']) ?? -1) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, number(schema['minItems']) ?? 0);
      return Array.from({ length: count }, () => valueOfSchema(schema['items'], depth + 1));
    }
    default:
      return objectOf(schema, depth);
  }
}

function objectOf(schema: Readonly<Record<string, unknown>>, depth: number): unknown {
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, sub]) => [name, valueOfSchema(sub, depth + 1)]),
  );
}

function firstType(schema: Readonly<Record<string, unknown>>): string {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return (
      type.find((item): item is string => typeof item === 'string' && item !== 'null') ?? 'null'
    );
  return isJsonObject(schema['items']) ? 'array' : 'object';
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
