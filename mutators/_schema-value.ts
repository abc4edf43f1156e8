import { isJsonObject } from '../src/envelope/json-value.js';

/** Schemas nest; a fabricated value stops at this depth (JSON Schema allows recursion). */
const MAX_DEPTH = 6;

/**
 * A small value an `outputSchema` accepts, for a mutator that fabricates structured content: the
 * `const`, the first `enum` value or `default`, else the simplest value of the first `type`, with
 * every declared property. Covers the subset of JSON Schema tools use (MCP 2025-11-25 tools
 * `outputSchema`); `$ref` and pattern constraints are not followed.
 */
export function _valueOfSchema(schema: unknown, depth = 0): unknown {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return {};
  if ('const' in schema) return schema['const'];
  const choices = schema['enum'];
  if (Array.isArray(choices) && choices.length > 0) return choices[0] as unknown;
  if ('default' in schema) return schema['default'];
  const [branch] = [schema['anyOf'], schema['oneOf'], schema['allOf']].filter(Array.isArray);
  if (branch !== undefined && branch.length > 0) return _valueOfSchema(branch[0], depth + 1);
  return _valueOfType(_firstType(schema), schema, depth);
}

function _valueOfType(
  type: string,
  schema: Readonly<Record<string, unknown>>,
  depth: number,
): unknown {
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(2, _number(schema['minLength']) ?? 0));
    case 'integer':
    case 'number':
      return Math.ceil(
        _number(schema['minimum']) ?? (_number(schema['exclusiveMinimum']) ?? -1) + 1,
      );
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, _number(schema['minItems']) ?? 0);
      return Array.from({ length: count }, () => _valueOfSchema(schema['items'], depth + 1));
    }
    default:
      return _objectOf(schema, depth);
  }
}

function _objectOf(schema: Readonly<Record<string, unknown>>, depth: number): unknown {
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, sub]) => [name, _valueOfSchema(sub, depth + 1)]),
  );
}

function _firstType(schema: Readonly<Record<string, unknown>>): string {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return (
      type.find((item): item is string => typeof item === 'string' && item !== 'null') ?? 'null'
    );
  return isJsonObject(schema['items']) ? 'array' : 'object';
}

function _number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
