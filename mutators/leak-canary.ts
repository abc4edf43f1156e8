import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import { _errorOf, _resultOf, _textBlockIndices } from './_envelope.js';
import { _canaryFor } from './_canary.js';
import { _getAt } from './_json.js';
import { _distinct, _variantAt } from './_variants.js';

/**
 * Plants a canary secret wherever a failure envelope reaches a person or a model: `error.message`,
 * `error.data`, a text content block, `structuredContent`, `_meta` (docs/design.md "Sanitization");
 * and at the end of a log line (`tapLog`): canaries belong in no ordinary log either.
 */
export const leakCanary: Mutator<'leak-canary'> = {
  name: 'leak-canary',
  description:
    'Plants a canary secret in message, data, text content, structured content, _meta, a log line.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['sanitize.leak'],
  version: 1,
  *mutate(target, context) {
    if (_errorOf(target) === undefined && _resultOf(target) === undefined) return;
    yield* _distinct(target, _candidates(target, _canaryFor(context)));
  },
  *mutateLine(line, context) {
    const canary = _canaryFor(context);
    yield { value: `${line} ${canary}`, replacement: `line += ${canary}`, path: [] };
  },
};

function* _candidates(target: unknown, canary: string): Generator<Variant> {
  if (_errorOf(target) !== undefined) {
    yield _plant(target, ['error', 'message'], canary);
    yield _plant(target, ['error', 'data'], canary);
  }
  const result = _resultOf(target);
  if (result === undefined) return;
  const [index] = _textBlockIndices(result);
  if (index !== undefined) yield _plant(target, ['result', 'content', index, 'text'], canary);
  if (isJsonObject(result['structuredContent'])) {
    yield _plant(target, ['result', 'structuredContent'], canary);
  }
  yield _plant(target, ['result', '_meta'], canary);
}

/** Appends to a string member; adds a `debug` member to an object one; else sets `{debug}`. */
function _plant(target: unknown, path: readonly (string | number)[], canary: string): Variant {
  const current = _getAt(target, path);
  if (typeof current === 'string') {
    return _variantAt(target, path, `${current} ${canary}`, `${path.join('.')} += ${canary}`);
  }
  const planted = isJsonObject(current) ? { ...current, debug: canary } : { debug: canary };
  return _variantAt(target, path, planted, `${path.join('.')}.debug = ${canary}`);
}
