import * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { contentBlocks, meta } from './internal/content-blocks.js';
import {
  type EnvelopeConstraints,
  envelopeTaxonomy,
  hasToolLayer,
} from './internal/envelope-taxonomy.js';
import { observed } from './internal/observed.js';
import { safeText, safeWord } from './internal/safe-text.js';
import { structuredOutput } from './internal/structured-output.js';
import { constraintsObject } from './internal/validate-constraints.js';
import type { ObservedEnvelope } from './observed-envelope.js';

const SUCCESS = { layer: 'success' } as const;

/** Constraints of {@link successResponse}. */
export type SuccessResponseConstraints = EnvelopeConstraints;

/**
 * Arbitrary successful responses with their context (`expected.layer` = `success`).
 *
 * Under an MCP profile most are `tools/call` results (MCP 2025-11-25 `CallToolResult`): content
 * blocks of every kind, sometimes `isError: false`, `_meta`, and `structuredContent` conforming to
 * the `outputSchema` put in the context; the rest answer `ping` with an empty result. Under
 * `mcp-2026-07-28` every result carries `resultType: "complete"`. Under `jsonrpc-2.0` the result
 * is any small JSON value of an application method.
 *
 * @example
 * ```ts
 * const taxonomy = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
 * fc.assert(fc.property(successResponse({ taxonomy }), ({ envelope, context }) => {
 *   expect(check(envelope, context, taxonomy)).toEqual([]);
 * }));
 * ```
 */
export function successResponse(
  constraints?: SuccessResponseConstraints,
): fc.Arbitrary<ObservedEnvelope> {
  const api = 'successResponse';
  const taxonomy = envelopeTaxonomy(api, constraintsObject(api, constraints));
  return successResponseFor(taxonomy);
}

/** The builder behind {@link successResponse}, for a resolved taxonomy. */
export function successResponseFor(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  if (!hasToolLayer(taxonomy)) {
    return fc
      .tuple(applicationMethod(), applicationResult())
      .chain(([method, result]) => observed({ method, result, taxonomy, expected: SUCCESS }));
  }
  return fc.oneof(
    { arbitrary: toolCallSuccess(taxonomy), weight: 4 },
    observed({ method: 'ping', result: {}, taxonomy, expected: SUCCESS }),
  );
}

function toolCallSuccess(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  const parts = fc.record({
    content: contentBlocks({ failure: false }),
    structured: fc.option(structuredOutput(), { nil: undefined }),
    isErrorFalse: fc.boolean(),
    meta: meta(),
  });
  return parts.chain(({ content, structured, isErrorFalse, meta }) => {
    const result: Record<string, JsonValue> = { content };
    if (structured !== undefined) result['structuredContent'] = structured.structuredContent;
    if (isErrorFalse) result['isError'] = false;
    if (meta !== undefined) result['_meta'] = meta;
    const extra: Partial<Pick<CheckContext, 'outputSchema'>> =
      structured === undefined ? {} : { outputSchema: structured.outputSchema };
    return observed({ method: 'tools/call', result, taxonomy, expected: SUCCESS, extra });
  });
}

/** JSON-RPC 2.0 §4 application methods: names of plain words, never `rpc.`-prefixed. */
function applicationMethod(): fc.Arbitrary<string> {
  return fc.tuple(safeWord(), safeWord()).map(([verb, noun]) => `${verb}_${noun}`);
}

function applicationResult(): fc.Arbitrary<JsonValue> {
  const leaf = fc.oneof(fc.integer(), safeText(), fc.boolean(), fc.constant(null));
  return fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 3 }),
    fc.dictionary(safeWord(), leaf, { maxKeys: 3 }) as fc.Arbitrary<JsonObject>,
  );
}
