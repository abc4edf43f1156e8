import { ConfigError } from '../errors.js';
import type { Layer } from '../envelope/envelope.js';
import { type JsonObject, isJsonObject } from '../envelope/json-value.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { CheckContext } from './check-context.js';
import { outputSchemaValidator } from './output-schema-validator.js';
import type { ResolvedExpectation } from './rule-input.js';

const LAYERS: readonly Layer[] = ['protocol', 'tool', 'success'];

/** Each optional context field: its guard, what it should be, and how to fix it. */
const FIELDS: readonly (readonly [string, (value: unknown) => boolean, string, string])[] = [
  ['requestId', isId, 'a string, number or null', "Pass the request's id."],
  [
    'inFlightIds',
    (v) => Array.isArray(v) && v.every(isId),
    'an array of ids',
    'Pass the ids of the other pending requests.',
  ],
  [
    'method',
    (v) => typeof v === 'string',
    'a string',
    'Pass the request\'s method, e.g. "tools/call".',
  ],
  [
    'canaries',
    isCanaryList,
    'an array of non-empty strings',
    'List the secrets the fixtures plant.',
  ],
  [
    'allowedValues',
    isCanaryList,
    'an array of non-empty strings',
    'List the values the server was given (a directory it serves).',
  ],
  ['outputSchema', isJsonObject, 'a JSON Schema object', "Pass the tool's outputSchema."],
];

/**
 * Validates a `CheckContext` given as `unknown` and resolves its expectation. The context comes
 * from the project's tests, so a malformed one is a `ConfigError`, never a violation.
 */
export function readCheckContext(
  context: unknown,
  taxonomy: Taxonomy,
): { context: CheckContext; expected: ResolvedExpectation } {
  if (!isJsonObject(context)) {
    throw new ConfigError(
      `check context: expected an object but received ${kind(context)}. Pass {} when the test knows nothing.`,
    );
  }
  for (const [key, guard, expected, fix] of FIELDS) {
    const value = context[key];
    if (value !== undefined && !guard(value)) {
      throw new ConfigError(
        `check context.${key}: expected ${expected} but received ${kind(value)}. ${fix}`,
      );
    }
  }
  // Compiled (once per schema) now, so a broken schema fails every check, not only successes.
  const outputSchema = context['outputSchema'];
  if (outputSchema !== undefined) outputSchemaValidator(outputSchema as JsonObject);
  return {
    context: context,
    expected: resolveExpected(context['expected'], taxonomy),
  };
}

function isCanaryList(value: unknown): boolean {
  return (
    Array.isArray(value) && value.every((canary) => typeof canary === 'string' && canary !== '')
  );
}

function resolveExpected(expected: unknown, taxonomy: Taxonomy): ResolvedExpectation {
  if (expected === undefined) return {};
  if (!isJsonObject(expected)) {
    throw new ConfigError(
      `check context.expected: expected an object {failureClass?, layer?, code?} but received ${kind(expected)}. Describe the expected outcome.`,
    );
  }
  const { failureClass, layer, code } = expected;
  if (
    layer !== undefined &&
    !(typeof layer === 'string' && (LAYERS as readonly string[]).includes(layer))
  ) {
    throw new ConfigError(
      `check context.expected.layer: expected one of ${LAYERS.join(', ')} but received ${kind(layer)}. Pick a layer.`,
    );
  }
  if (code !== undefined && !(typeof code === 'number' && Number.isInteger(code))) {
    throw new ConfigError(
      `check context.expected.code: expected an integer but received ${kind(code)}. Error codes are integers (JSON-RPC 2.0 §5.1).`,
    );
  }
  if (failureClass === undefined) return compact(layer as Layer | undefined, code, undefined);
  const rule =
    typeof failureClass === 'string' ? taxonomy.failureClasses.get(failureClass) : undefined;
  if (rule === undefined) {
    throw new ConfigError(
      `check context.expected.failureClass: ${kind(failureClass)} is not a failure class of ${taxonomy.profile.name}. Use one of: ${[...taxonomy.failureClasses.keys()].join(', ')}, or add it under taxonomy.failureClasses.`,
    );
  }
  return compact((layer as Layer | undefined) ?? rule.layer, code ?? rule.code, rule.name);
}

function compact(
  layer: Layer | undefined,
  code: number | undefined,
  failureClass: string | undefined,
): ResolvedExpectation {
  // Assignments, not conditional spreads: this runs on every check, and the three spreads cost
  // more than the rest of the validation together.
  const out: { layer?: Layer; code?: number; failureClass?: string } = {};
  if (layer !== undefined) out.layer = layer;
  if (code !== undefined) out.code = code;
  if (failureClass !== undefined) out.failureClass = failureClass;
  return out;
}

function isId(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
}
