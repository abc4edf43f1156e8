import { ConfigError } from '../config/config-error.js';
import type { Layer } from '../envelope/envelope.js';
import { type JsonObject, isJsonObject } from '../envelope/json-value.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { CheckContext } from './check-context.js';
import { outputSchemaValidator } from './output-schema-validator.js';
import type { ResolvedExpectation } from './rule-input.js';

const LAYERS: readonly Layer[] = ['protocol', 'tool', 'success'];

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
      `check context: expected an object but received ${_kind(context)}. Pass {} when the test knows nothing.`,
    );
  }
  const { requestId, inFlightIds, method, canaries, outputSchema } = context;
  if (requestId !== undefined && !_isId(requestId)) {
    throw new ConfigError(
      `check context.requestId: expected a string, number or null but received ${_kind(requestId)}. Pass the request's id.`,
    );
  }
  if (inFlightIds !== undefined && (!Array.isArray(inFlightIds) || !inFlightIds.every(_isId))) {
    throw new ConfigError(
      'check context.inFlightIds: expected an array of ids (string, number or null). Pass the ids of the other pending requests.',
    );
  }
  if (method !== undefined && typeof method !== 'string') {
    throw new ConfigError(
      `check context.method: expected a string but received ${_kind(method)}. Pass the request's method, e.g. "tools/call".`,
    );
  }
  if (
    canaries !== undefined &&
    (!Array.isArray(canaries) || !canaries.every((c) => typeof c === 'string' && c !== ''))
  ) {
    throw new ConfigError(
      'check context.canaries: expected an array of non-empty strings. List the secrets the fixtures plant.',
    );
  }
  if (outputSchema !== undefined && !isJsonObject(outputSchema)) {
    throw new ConfigError(
      `check context.outputSchema: expected a JSON Schema object but received ${_kind(outputSchema)}. Pass the tool's outputSchema.`,
    );
  }
  // Compiled (once per schema) now, so a broken schema fails every check, not only successes.
  if (outputSchema !== undefined) outputSchemaValidator(outputSchema as JsonObject);
  return {
    context: context as CheckContext,
    expected: _resolveExpected(context['expected'], taxonomy),
  };
}

function _resolveExpected(expected: unknown, taxonomy: Taxonomy): ResolvedExpectation {
  if (expected === undefined) return {};
  if (!isJsonObject(expected)) {
    throw new ConfigError(
      `check context.expected: expected an object {failureClass?, layer?, code?} but received ${_kind(expected)}. Describe the expected outcome.`,
    );
  }
  const { failureClass, layer, code } = expected;
  if (
    layer !== undefined &&
    !(typeof layer === 'string' && (LAYERS as readonly string[]).includes(layer))
  ) {
    throw new ConfigError(
      `check context.expected.layer: expected one of ${LAYERS.join(', ')} but received ${_kind(layer)}. Pick a layer.`,
    );
  }
  if (code !== undefined && !(typeof code === 'number' && Number.isInteger(code))) {
    throw new ConfigError(
      `check context.expected.code: expected an integer but received ${_kind(code)}. Error codes are integers (JSON-RPC 2.0 §5.1).`,
    );
  }
  if (failureClass === undefined)
    return _compact(layer as Layer | undefined, code as number | undefined, undefined);
  const rule =
    typeof failureClass === 'string' ? taxonomy.failureClasses.get(failureClass) : undefined;
  if (rule === undefined) {
    throw new ConfigError(
      `check context.expected.failureClass: ${_kind(failureClass)} is not a failure class of ${taxonomy.profile.name}. Use one of: ${[...taxonomy.failureClasses.keys()].join(', ')}, or add it under taxonomy.failureClasses.`,
    );
  }
  return _compact(
    (layer as Layer | undefined) ?? rule.layer,
    (code as number | undefined) ?? rule.code,
    rule.name,
  );
}

function _compact(
  layer: Layer | undefined,
  code: number | undefined,
  failureClass: string | undefined,
): ResolvedExpectation {
  return {
    ...(layer === undefined ? {} : { layer }),
    ...(code === undefined ? {} : { code }),
    ...(failureClass === undefined ? {} : { failureClass }),
  };
}

function _isId(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

function _kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
}
