import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ValidateFunction } from 'ajv';
import { ConfigError } from '../errors.js';
import type { JsonObject } from '../envelope/json-value.js';

/** MCP 2025-11-25 defaults tool schemas to JSON Schema 2020-12; older tools declare draft-07. */
const ajv2020 = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const ajv07 = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const byText = new Map<string, ValidateFunction>();
/** Most suites pass the same schema object on every check: skip the JSON text for those. */
const byObject = new WeakMap<object, ValidateFunction>();

/**
 * The compiled validator of an `outputSchema`, compiled once per distinct schema (keyed by its
 * JSON text). A schema Ajv cannot compile is the project's mistake: `ConfigError`.
 *
 * @internal
 */
export function outputSchemaValidator(schema: JsonObject): ValidateFunction {
  const known = byObject.get(schema);
  if (known !== undefined) return known;
  const key = JSON.stringify(schema);
  const cached = byText.get(key);
  if (cached !== undefined) {
    byObject.set(schema, cached);
    return cached;
  }
  const draft =
    typeof schema['$schema'] === 'string' && schema['$schema'].includes('draft-07')
      ? ajv07
      : ajv2020;
  let validate: ValidateFunction;
  try {
    validate = draft.compile(schema);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `check context.outputSchema: not a valid JSON Schema (${why}). Pass the tool's outputSchema as listed by tools/list.`,
    );
  }
  // An `$async` schema compiles to a validator that returns a promise, which reads as a pass:
  // a tool schema has no business being asynchronous (MCP 2025-11-25 "Tools": plain JSON Schema).
  if ((validate as { $async?: unknown }).$async === true) {
    throw new ConfigError(
      'check context.outputSchema: "$async": true makes an asynchronous schema, which cannot judge a result. Remove "$async" from the tool\'s schema.',
    );
  }
  byText.set(key, validate);
  byObject.set(schema, validate);
  return validate;
}
