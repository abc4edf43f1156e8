import { Ajv, type ValidateFunction } from 'ajv';
import { ConfigError } from '../errors.js';
import type { ConfigInput } from './config-input.js';
import { CONFIG_SCHEMA_REFERENCE, configSchema } from './config-schema.js';
import { formatSchemaError } from './format-schema-error.js';

let validator: ValidateFunction | undefined;

/** The compiled config schema: all errors (one line each), with the data needed to explain them. */
export function configValidator(): ValidateFunction {
  validator ??= new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
  }).compile(configSchema());
  return validator;
}

/**
 * Checks a config value (file contents or flags) against the published schema. Throws one
 * {@link ConfigError} listing every problem, one line each, each starting with `where`. Values of
 * flags (`fromFlags`) are told to leave the flag out where a file's are told to remove the key, and
 * to see the command's help rather than the schema.
 */
export function validateConfigInput(value: unknown, where: string, fromFlags = false): ConfigInput {
  const validate = configValidator();
  if (validate(value)) return value as ConfigInput;
  const lines = (validate.errors ?? [])
    // A property-name error comes twice: the inner keyword's, then `propertyNames`'; keep one.
    .filter((error) => error.propertyName === undefined)
    .map((error) => `${where}: ${formatSchemaError(error, value, fromFlags)}`);
  const more = fromFlags
    ? 'Run the command with --help for its flags.'
    : `See the schema at ${CONFIG_SCHEMA_REFERENCE}.`;
  throw new ConfigError(`${[...new Set(lines)].join('\n')} ${more}`);
}
