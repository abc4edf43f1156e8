import * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import type { RuleName } from '../../oracle/rule-name.js';
import { ABSENT, type Defect, kindOf, resultObject, set, setInResult } from './defect.js';
import { safeWord } from './safe-text.js';

/** MCP 2025-11-25 `CallToolResult.isError?: boolean`: a string or number is no flag. */
export const isErrorTypeDefect: Defect = {
  name: 'is-error-type',
  applies: (observed) => kindOf(observed) === 'tool-success',
  breaks: () => ['mcp.is-error'],
  envelope: ({ envelope }) =>
    fc
      .constantFrom<JsonValue[]>('true', 'false', 1, 0, null, [])
      .map((value) => setInResult(envelope, 'isError', value)),
};

/**
 * A tool failure without `isError: true` reads as a success: the flag, the layer and (when the
 * tool declares an `outputSchema`, which a success must then satisfy) the structured content break.
 */
export const toolFailureFlagDefect: Defect = {
  name: 'tool-failure-flag',
  applies: (observed) => kindOf(observed) === 'tool',
  breaks: ({ context }) => [
    'mcp.layer',
    'mcp.is-error',
    ...(context.outputSchema === undefined ? [] : ['mcp.structured-content' as const]),
  ],
  envelope: ({ envelope }) =>
    fc
      .constantFrom<(JsonValue | typeof ABSENT)[]>(ABSENT, false, 'true', 1)
      .map((value) => setInResult(envelope, 'isError', value)),
};

/** A success flagged `isError: true` is a tool failure the test did not expect. */
export const successFlagDefect: Defect = {
  name: 'success-flag',
  applies: (observed) => kindOf(observed) === 'tool-success',
  breaks: ({ envelope }) => {
    const result = resultObject(envelope);
    const extra: RuleName[] = [];
    if (Array.isArray(result['content']) && result['content'].length === 0)
      extra.push('mcp.content');
    if (result['structuredContent'] !== undefined) extra.push('mcp.structured-content');
    return ['mcp.layer', 'mcp.is-error', ...extra];
  },
  envelope: ({ envelope }) => fc.constant(setInResult(envelope, 'isError', true)),
};

/** MCP 2025-11-25 schema.ts `ContentBlock`: an array of known block types, non-empty on failure. */
export const contentDefect: Defect = {
  name: 'content',
  applies: (observed) => ['tool', 'tool-success'].includes(kindOf(observed)),
  breaks: () => ['mcp.content'],
  envelope: (observed) => {
    const { envelope } = observed;
    const content = resultObject(envelope)['content'] as readonly JsonValue[];
    const badBlock = fc.constantFrom<JsonObject[]>(
      { type: 'video', uri: 'https://example.com/v' },
      { type: 'text' },
      { type: 'image', data: 'iVBORw0KGgo=' },
      { type: 'resource', resource: { uri: 'https://example.com/r' } },
    );
    const variants: fc.Arbitrary<JsonValue | typeof ABSENT>[] = [
      fc.constantFrom<(JsonValue | typeof ABSENT)[]>(ABSENT, 'done', null, {}),
      badBlock.map((block) => [...content, block]),
    ];
    if (kindOf(observed) === 'tool') variants.push(fc.constant([]));
    return fc.oneof(...variants).map((value) => setInResult(envelope, 'content', value));
  },
};

/** A value of the wrong JSON type for one field of the structured content. */
function mistyped(structured: JsonObject): fc.Arbitrary<JsonObject> {
  const keys = Object.keys(structured);
  return fc.constantFrom(...keys).map((key) => {
    const value = structured[key];
    return set(structured, key, typeof value === 'string' ? 42 : 'done');
  });
}

/**
 * MCP 2025-06-18+ tools: `structuredContent` conforms to the `outputSchema` on success (every
 * field of the generated schemas is required and typed) and is absent on failure.
 */
export const structuredContentDefect: Defect = {
  name: 'structured-content',
  applies: (observed) => ['tool', 'tool-success'].includes(kindOf(observed)),
  breaks: () => ['mcp.structured-content'],
  envelope: (observed) => {
    const { envelope, context } = observed;
    const notObject = fc.constantFrom<JsonValue[]>([], 'done', 42);
    if (kindOf(observed) === 'tool') {
      const fabricated = fc.dictionary(safeWord(), safeWord(), { minKeys: 1, maxKeys: 2 });
      return fc
        .oneof(fabricated, notObject)
        .map((value) => setInResult(envelope, 'structuredContent', value));
    }
    const structured = resultObject(envelope)['structuredContent'];
    if (context.outputSchema === undefined || !isJsonObject(structured)) {
      return notObject.map((value) => setInResult(envelope, 'structuredContent', value));
    }
    return fc
      .oneof(fc.constant<JsonValue | typeof ABSENT>(ABSENT), notObject, mistyped(structured))
      .map((value) => setInResult(envelope, 'structuredContent', value));
  },
};

/** MCP 2026-07-28: a final result says `resultType: "complete"`; nothing else passes as one. */
export const resultTypeDefect: Defect = {
  name: 'result-type',
  applies: ({ envelope }, taxonomy) =>
    taxonomy.profile.requiresResultType && isJsonObject(envelope['result']),
  breaks: () => ['mcp.result-type'],
  envelope: ({ envelope }) =>
    fc
      .constantFrom<(JsonValue | typeof ABSENT)[]>(
        ABSENT,
        'input_required',
        'partial',
        'Complete',
        null,
        true,
      )
      .map((value) => setInResult(envelope, 'resultType', value)),
};
