import { isJsonObject, type JsonObject, type JsonValue } from '../envelope/json-value.js';
import { schemaAccepts } from './schema-accepts.js';

/**
 * The smallest argument object a tool's `inputSchema` accepts (MCP 2025-11-25 tools: an object
 * JSON Schema): its required properties, each with the least value its own schema allows, or
 * `undefined` when the schema asks for more than this can build (a pattern, a format, a `not`).
 * The result is checked against the schema, so it is never a guess.
 */
export function minimalArguments(inputSchema: JsonObject): JsonObject | undefined {
  const value = minimal(inputSchema, 0);
  if (!isJsonObject(value)) return undefined;
  return schemaAccepts(inputSchema, value) ? value : undefined;
}

/**
 * Arguments the schema rejects, for the schema-rejection case: a required property left out,
 * else a property of the wrong type, else an unknown property where none is allowed; `undefined`
 * when the schema accepts every object.
 */
export function violatingArguments(inputSchema: JsonObject): JsonObject | undefined {
  const minimal = minimalArguments(inputSchema) ?? {};
  const properties = isJsonObject(inputSchema['properties']) ? inputSchema['properties'] : {};
  const required = strings(inputSchema['required']);
  const candidates: JsonObject[] = [];
  for (const name of required) {
    const { [name]: _, ...rest } = minimal;
    candidates.push(rest);
  }
  for (const [name, schema] of Object.entries(properties)) {
    const wrong = isJsonObject(schema) && schema['type'] === 'string' ? 42 : 'not-a-valid-value';
    candidates.push({ ...minimal, [name]: wrong });
  }
  candidates.push({ ...minimal, envelopeMutantsUnknownArgument: true });
  return candidates.find((candidate) => !schemaAccepts(inputSchema, candidate));
}

// A bound on nesting: a recursive schema must not loop.
const MAX_DEPTH = 6;

/** `Array.isArray` narrows a readonly array type to `any[]`; this keeps the element type. */
function isJsonArray(value: JsonValue | undefined): value is readonly JsonValue[] {
  return Array.isArray(value);
}

function minimal(schema: JsonValue | undefined, depth: number): JsonValue | undefined {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return schema === true ? null : undefined;
  if ('const' in schema) return schema['const'];
  if (isJsonArray(schema['enum'])) return schema['enum'][0];
  if ('default' in schema) return schema['default'];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (isJsonArray(options))
      return options.map((o) => minimal(o, depth + 1)).find((v) => v !== undefined);
  }
  const type = isJsonArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (type) {
    case 'object':
    case undefined:
      return minimalObject(schema, depth);
    case 'string':
      return 'x'.repeat(number(schema['minLength']) ?? 0);
    case 'integer':
    case 'number':
      return minimalNumber(schema, type);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return minimalArray(schema, depth);
    default:
      return undefined;
  }
}

function minimalObject(schema: JsonObject, depth: number): JsonValue | undefined {
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  const out: Record<string, JsonValue> = {};
  for (const name of strings(schema['required'])) {
    const value = minimal(properties[name] ?? {}, depth + 1);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}

function minimalNumber(schema: JsonObject, type: 'integer' | 'number'): number {
  const minimum = number(schema['minimum']);
  const exclusive = number(schema['exclusiveMinimum']);
  let value = minimum ?? (exclusive === undefined ? 0 : above(exclusive, type));
  const maximum = number(schema['maximum']);
  if (minimum === undefined && exclusive === undefined && maximum !== undefined && maximum < 0)
    value = maximum;
  return type === 'integer' ? Math.ceil(value) : value;
}

/** The least value above an exclusive minimum: the next integer, or a half step for a number. */
function above(exclusive: number, type: 'integer' | 'number'): number {
  return type === 'integer' ? Math.floor(exclusive) + 1 : exclusive + 0.5;
}

function minimalArray(schema: JsonObject, depth: number): JsonValue | undefined {
  const count = number(schema['minItems']) ?? 0;
  if (count === 0) return [];
  const item = minimal(schema['items'] ?? {}, depth + 1);
  return item === undefined ? undefined : Array.from({ length: count }, () => item);
}

function number(value: JsonValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
