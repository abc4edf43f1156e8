import fc from 'fast-check';
import type { JsonPath } from '../src/envelope/json-value.js';
import type { Mutator, MutatorContext, Variant } from '../src/mutant/mutator.js';
import { _errorOf, _textBlockIndices, _toolFailureOf } from './_envelope.js';
import { _draw } from './_draw.js';
import { _getAt } from './_json.js';
import { _distinct, _variantAt } from './_variants.js';

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
    const places = _places(target);
    if (places.length === 0) return;
    const localized = _localized(context);
    const candidates = places.flatMap((path): Variant[] => {
      const text = String(_getAt(target, path));
      const where = path.join('.');
      return [
        _variantAt(target, path, `${_sentence(text)} ${REVISION}`, `${where} reworded`),
        _variantAt(target, path, _togglePeriod(text), `${where} punctuation changed`),
        _variantAt(target, path, `${text} — ${localized}`, `${where} localized`),
      ];
    });
    yield* _distinct(target, candidates);
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
function _places(target: unknown): JsonPath[] {
  const places: JsonPath[] = [];
  if (typeof _errorOf(target)?.['message'] === 'string') places.push(['error', 'message']);
  const failure = _toolFailureOf(target);
  const [index] = failure === undefined ? [] : _textBlockIndices(failure);
  if (index !== undefined) places.push(['result', 'content', index, 'text']);
  return places;
}

/** The text closed as a sentence, so that another can follow. */
function _sentence(text: string): string {
  return /[.!?。]$/u.test(text) || text === '' ? text : `${text}.`;
}

function _togglePeriod(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : `${text}.`;
}

function _localized(context: MutatorContext): string {
  const [sentence] = _draw(fc.constantFrom(...LOCALIZED), context.seed, 1);
  return sentence ?? LOCALIZED[0];
}
