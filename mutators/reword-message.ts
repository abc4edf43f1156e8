import fc from 'fast-check';
import type { JsonPath } from '../src/envelope/json-value.js';
import type { Mutator, MutatorContext, Variant } from '../src/mutant/mutator.js';
import { errorOf, textBlockIndices, toolFailureOf } from './_envelope.js';
import { draw } from './_draw.js';
import { getAt } from './_json.js';
import { distinct, variantAt } from './_variants.js';

/**
 * A harmless mutator: revises the prose of a failure the way a release or a translation does,
 * keeping its leading classification. JSON-RPC 2.0 §5.1 asks only that `error.message` be a
 * string, and MCP 2025-11-25 tools only that a tool error carry text content: the wording is no
 * protocol requirement, so a suite that fails here pins prose instead of the code and the layer.
 */
export const rewordMessage: Mutator<'reword-message'> = {
  name: 'reword-message',
  description:
    'Harmless: rewords a failure message or tool error text (a sentence added, the final full stop toggled, a localized non-ASCII sentence added).',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: [],
  harmless: true,
  version: 1,
  *mutate(target, context) {
    const places = prosePlaces(target);
    if (places.length === 0) return;
    const localized = localizedMessage(context);
    const candidates = places.flatMap((path): Variant[] => {
      const text = String(getAt(target, path));
      const where = path.join('.');
      return [
        variantAt(target, path, `${sentence(text)} ${REVISION}`, `${where} reworded`),
        variantAt(target, path, togglePeriod(text), `${where} punctuation changed`),
        variantAt(target, path, `${text} — ${localized}`, `${where} localized`),
      ];
    });
    yield* distinct(target, candidates);
  },
};

/** A sentence a later release could add without changing what the failure means. */
const REVISION = 'Check the request and try again.';

/** The same sentence in languages outside ASCII (Latin with accents, CJK, Cyrillic). */
const LOCALIZED = [
  'Vérifiez la requête et réessayez.',
  'Überprüfen Sie die Anfrage und versuchen Sie es erneut.',
  'リクエストを確認して、もう一度お試しください。',
  'Проверьте запрос и повторите попытку.',
] as const;

/** The prose of a failure: `error.message` of a protocol error, the text blocks of a tool error. */
function prosePlaces(target: unknown): JsonPath[] {
  const places: JsonPath[] = [];
  if (typeof errorOf(target)?.['message'] === 'string') places.push(['error', 'message']);
  const failure = toolFailureOf(target);
  const [index] = failure === undefined ? [] : textBlockIndices(failure);
  if (index !== undefined) places.push(['result', 'content', index, 'text']);
  return places;
}

/** The text closed as a sentence, so that another can follow. */
function sentence(text: string): string {
  return /[.!?。]$/u.test(text) || text === '' ? text : `${text}.`;
}

function togglePeriod(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : `${text}.`;
}

function localizedMessage(context: MutatorContext): string {
  const [sentence] = draw(fc.constantFrom(...LOCALIZED), context.seed, 1);
  return sentence ?? LOCALIZED[0];
}
