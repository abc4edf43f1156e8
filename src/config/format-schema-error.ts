import type { ErrorObject } from 'ajv';
import { RULE_NAMES } from '../oracle/rule-name.js';
import { didYouMean } from './closest-name.js';
import { describeValue, type DescribeOptions } from '../envelope/describe-value.js';

/** A received value in a config message names its type: `received string "80"`. */
const RECEIVED: DescribeOptions = { typed: true };

/**
 * One ajv error of the config schema as one human sentence, `<field>: <what is wrong>.`, e.g.
 * `thresholds.break: expected number or null but received string "80".` `root` is the validated
 * value (the field name is read from it so array items print as `canaries[0]`). Needs ajv's
 * `verbose` option (for `data` and `parentSchema`).
 */
export function formatSchemaError(error: ErrorObject, root: unknown, fromFlags = false): string {
  const field = fieldName(error.instancePath, root);
  const prefix = field === '' ? '' : `${field}: `;
  return prefix + problem(error, field, fromFlags);
}

function problem(error: ErrorObject, field: string, fromFlags: boolean): string {
  const params = error.params as Readonly<Record<string, unknown>>;
  const received = describeValue(error.data, { ...RECEIVED, sensitive: isSensitive(field) });
  switch (error.keyword) {
    case 'additionalProperties':
      return unknownKey(String(params['additionalProperty']), error.parentSchema);
    case 'type':
      return `expected ${typeText(params['type'])} but received ${received}.`;
    case 'enum':
      return notAllowed(field, error.data, params['allowedValues']);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `expected a number ${String(params['comparison'])} ${String(params['limit'])} but received ${received}.`;
    case 'uniqueItems':
      return `items ${String(params['j'])} and ${String(params['i'])} are the same. List each value once.`;
    case 'minItems':
      return `expected at least one item but received an empty list. ${fromFlags ? 'Leave the flag out' : 'Remove the key'} to use the default.`;
    case 'minLength':
      return `expected a string of at least ${String(params['limit'])} characters but received ${received}.`;
    case 'propertyNames':
      return 'a key may not be the empty string.';
    case 'pattern':
      // The schema's one pattern: a canary of spaces would be "found" in any text.
      return field.startsWith('canaries')
        ? `expected at least 4 characters besides spaces but received ${received}: a short or blank canary matches innocent text.`
        : `${error.message ?? 'is invalid'}.`;
    default:
      return `${error.message ?? 'is invalid'}.`;
  }
}

function unknownKey(key: string, parentSchema: unknown): string {
  const known = knownKeys(parentSchema);
  const hint = didYouMean(key, known);
  const list = hint === '' && known.length > 0 ? ` Known keys: ${known.join(', ')}.` : '';
  return `unknown key "${key}".${hint}${list}`;
}

function knownKeys(schema: unknown): readonly string[] {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return [];
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

function notAllowed(field: string, value: unknown, allowed: unknown): string {
  const values = Array.isArray(allowed) ? allowed.map(String) : [];
  const shown = typeof value === 'string' ? JSON.stringify(value) : describeValue(value, RECEIVED);
  const hint = typeof value === 'string' ? didYouMean(value, values) : '';
  if (field === 'profile') {
    return `unknown profile ${shown}.${hint} Valid profiles: ${values.join(', ')}.`;
  }
  if (field.startsWith('labels')) {
    return `${shown} is not a rule.${hint} Map the label to one of: ${RULE_NAMES.join(', ')}.`;
  }
  if (field.startsWith('reporters')) {
    return `unknown reporter ${shown}.${hint} Valid reporters: ${values.join(', ')}.`;
  }
  return `expected one of ${values.join(', ')} but received ${shown}.${hint}`;
}

function typeText(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return types.join(' or ');
}

/** Canaries are the project's secrets: a message names their position, never their value. */
function isSensitive(field: string): boolean {
  return field.startsWith('canaries');
}

/**
 * A JSON pointer (`/thresholds/break`, `/canaries/0`) as a field name (`thresholds.break`,
 * `canaries[0]`), reading `root` to tell array indexes from object keys.
 */
export function fieldName(instancePath: string, root: unknown): string {
  if (instancePath === '') return '';
  let name = '';
  let node = root;
  for (const raw of instancePath.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) name += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(key)) name += name === '' ? key : `.${key}`;
    else name += `[${JSON.stringify(key)}]`;
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return name;
}
