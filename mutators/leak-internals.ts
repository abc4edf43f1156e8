import fc from 'fast-check';
import type { JsonPath } from '../src/envelope/json-value.js';
import type { Mutator, MutatorContext, Variant } from '../src/mutant/mutator.js';
import { errorOf, resultOf, textBlockIndices } from './_envelope.js';
import { draw } from './_draw.js';
import { getAt } from './_json.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Appends what real servers leak when they forward an exception (docs/design.md "Sanitization"): a
 * stack frame, an absolute internal path, a credential-shaped token, a raw provider body — to
 * `error.message`, to the first text content block, and to a log line (`tapLog`): a server that
 * logs the exception it caught writes the same text to its log.
 */
export const leakInternals: Mutator<'leak-internals'> = {
  name: 'leak-internals',
  description:
    'Appends a stack frame, an absolute path, a token or a provider body to messages, log lines.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['sanitize.leak'],
  version: 1,
  *mutate(target, context) {
    const places = readPlaces(target);
    if (places.length === 0) return;
    const leaks = leakPairs(context);
    const candidates = places.flatMap((path) =>
      leaks.map(([kind, leak]): Variant => {
        const text = `${String(getAt(target, path))}${leak}`;
        return variantAt(target, path, text, `${path.join('.')} += ${kind}`);
      }),
    );
    yield* distinct(target, candidates);
  },
  *mutateLine(line, context) {
    const candidates = leakPairs(context).map(([kind, leak]): Variant => ({
      value: `${line}${leak}`,
      replacement: `line += ${kind}`,
      path: [],
    }));
    yield* distinct(line, candidates);
  },
};

/** The string members a person or a model reads: `error.message`, the first text block. */
function readPlaces(target: unknown): JsonPath[] {
  const places: JsonPath[] = [];
  if (typeof errorOf(target)?.['message'] === 'string') places.push(['error', 'message']);
  const result = resultOf(target);
  const [index] = result === undefined ? [] : textBlockIndices(result);
  if (index !== undefined) places.push(['result', 'content', index, 'text']);
  return places;
}

/** Characters of an API key body, as providers issue them. */
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** (kind, text appended) pairs; the token body is drawn from the seed like every other value. */
function leakPairs(context: MutatorContext): readonly (readonly [string, string])[] {
  const unit = fc.constantFrom(...Array.from(TOKEN_ALPHABET));
  const tokens = fc.string({ unit, minLength: 24, maxLength: 24 });
  const [token = 'x'.repeat(24)] = draw(tokens, context.seed, 1);
  return [
    ['stack frame', '\n    at Object.handler (/srv/app/src/tools/handler.js:42:17)'],
    ['absolute path', ' while reading /var/lib/app/config/settings.json'],
    ['credential', ` (Authorization: Bearer sk-live-${token})`],
    ['provider body', ' upstream: {"error":{"type":"server_error","message":"upstream failed"}}'],
  ];
}
