import { jsonBodyText, type JsonLayout } from '../src/http/http-exchange.js';
import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { httpTargetOf } from './_http.js';
import { sameJsonText, setAt } from './_json.js';
import { distinct } from './_variants.js';

/**
 * A harmless mutator: sends a JSON response body with other whitespace. RFC 8259 §2 allows
 * insignificant whitespace before and after every structural character and around the value, so
 * a pretty-printed body and a padded one carry the same message as the compact one. A suite that
 * fails here compares the body's text instead of the value it parses to.
 *
 * Only an HTTP exchange (`mutatingFetch`) holds a message as text on its way to the client; every
 * other site holds a parsed envelope, where whitespace does not exist (docs/harmless-mutants.md).
 */
export const reformatJsonText: Mutator<'reformat-json-text'> = {
  name: 'reformat-json-text',
  description:
    'Harmless: sends a JSON response body pretty-printed, or padded with whitespace (RFC 8259 §2: whitespace between tokens is insignificant).',
  layer: 'http',
  target: 'http',
  expectedKillers: [],
  harmless: true,
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    const body = found?.exchange.response.body;
    if (body?.kind !== 'json') return;
    const sent = jsonBodyText(body);
    const candidates = LAYOUTS.filter(
      ([layout]) => jsonBodyText({ value: body.value, layout }) !== sent,
    ).map(([layout, replacement]): Variant => ({
      value: setAt(target, PATH, layout),
      replacement,
      path: PATH,
    }));
    yield* distinct(target, candidates, sameJsonText);
  },
};

/** Pretty-printed, as many servers log and some send; compact with whitespace around the value. */
const LAYOUTS: readonly (readonly [JsonLayout, string])[] = [
  [{ indent: 2, before: '', after: '' }, 'body pretty-printed'],
  [{ indent: 0, before: '\r\n ', after: '\n\t' }, 'body padded with whitespace'],
];

const PATH = ['response', 'body', 'layout'] as const;
