import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import { errorOf, resultOf, textBlockIndices } from './_envelope.js';
import { canaryFor } from './_canary.js';
import { getAt } from './_json.js';
import { distinct, variantAt } from './_variants.js';

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
    if (errorOf(target) === undefined && resultOf(target) === undefined) return;
    yield* distinct(target, candidates(target, canaryFor(context)));
  },
  *mutateLine(line, context) {
    const canary = canaryFor(context);
    yield { value: `${line} ${canary}`, replacement: `line += ${canary}`, path: [] };
  },
};

function* candidates(target: unknown, canary: string): Generator<Variant> {
  if (errorOf(target) !== undefined) {
    yield plant(target, ['error', 'message'], canary);
    yield plant(target, ['error', 'data'], canary);
  }
  const result = resultOf(target);
  if (result === undefined) return;
  const [index] = textBlockIndices(result);
  if (index !== undefined) yield plant(target, ['result', 'content', index, 'text'], canary);
  if (isJsonObject(result['structuredContent'])) {
    yield plant(target, ['result', 'structuredContent'], canary);
  }
  yield plant(target, ['result', '_meta'], canary);
}

/** Appends to a string member; adds a `debug` member to an object one; else sets `{debug}`. */
function plant(target: unknown, path: readonly (string | number)[], canary: string): Variant {
  const current = getAt(target, path);
  if (typeof current === 'string') {
    return variantAt(target, path, `${current} ${canary}`, `${path.join('.')} += ${canary}`);
  }
  const planted = isJsonObject(current) ? { ...current, debug: canary } : { debug: canary };
  return variantAt(target, path, planted, `${path.join('.')}.debug = ${canary}`);
}
