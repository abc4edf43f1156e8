import * as fc from 'fast-check';
import type { JsonObject } from '../../envelope/json-value.js';
import { safeText, safeWord } from './safe-text.js';

/** A one-pixel PNG and a tiny WAV header, short enough never to look like a credential. */
const IMAGE_DATA = 'iVBORw0KGgo=';
const AUDIO_DATA = 'UklGRiQAAABXQVZF';

/** A text block (MCP 2025-11-25 schema.ts `TextContent`). */
export function textBlock(): fc.Arbitrary<JsonObject> {
  return safeText().map((text) => ({ type: 'text', text }));
}

/** Any content block of MCP 2025-06-18 and later: text, image, audio, resource link, resource. */
export function contentBlock(): fc.Arbitrary<JsonObject> {
  return fc.oneof(
    { arbitrary: textBlock(), weight: 4 },
    fc.constant({ type: 'image', data: IMAGE_DATA, mimeType: 'image/png' }),
    fc.constant({ type: 'audio', data: AUDIO_DATA, mimeType: 'audio/wav' }),
    safeWord().map((name) => ({
      type: 'resource_link',
      uri: `https://example.com/docs/${name}`,
      name,
    })),
    fc.tuple(safeWord(), safeText()).map(([name, text]) => ({
      type: 'resource',
      resource: { uri: `https://example.com/data/${name}`, mimeType: 'text/plain', text },
    })),
  );
}

/**
 * The `content` of a tool result. A failure starts with a text block: the model must be told
 * what failed (MCP 2025-11-25 tools, "Error Handling").
 */
export function contentBlocks(options: { readonly failure: boolean }): fc.Arbitrary<JsonObject[]> {
  const rest = fc.array(contentBlock(), { maxLength: 3 });
  if (!options.failure) return rest;
  return fc.tuple(textBlock(), rest).map(([first, others]) => [first, ...others]);
}

/** An optional `_meta` object of plain words (MCP 2025-11-25 basic `_meta`). */
export function meta(): fc.Arbitrary<JsonObject | undefined> {
  return fc.option(fc.dictionary(safeWord(), safeWord(), { minKeys: 1, maxKeys: 2 }), {
    nil: undefined,
  });
}
