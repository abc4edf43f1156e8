import * as fc from 'fast-check';
import { ConfigError } from '../errors.js';
import type { JsonValue } from '../envelope/json-value.js';
import type { CheckContext, ExpectedOutcome } from '../oracle/check-context.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { contentBlocks, meta } from './internal/content-blocks.js';
import {
  type EnvelopeConstraints,
  envelopeTaxonomy,
  hasToolLayer,
} from './internal/envelope-taxonomy.js';
import { observed } from './internal/observed.js';
import { structuredOutput } from './internal/structured-output.js';
import { constraintsObject } from './internal/validate-constraints.js';
import type { ObservedEnvelope } from './observed-envelope.js';

/** Constraints of {@link toolErrorResult}. */
export type ToolErrorResultConstraints = EnvelopeConstraints;

/**
 * Arbitrary tool execution errors (MCP 2025-11-25 tools, "Tool Execution Errors"): a `tools/call`
 * result with `isError: true` and non-empty content starting with a text block, never
 * `structuredContent` (even when the tool declares an `outputSchema`, which then sits in the
 * context). `context.expected` names a tool-layer failure class of the taxonomy, or only the
 * layer when the taxonomy has none. Needs an MCP profile: JSON-RPC 2.0 has no tool layer.
 */
export function toolErrorResult(
  constraints?: ToolErrorResultConstraints,
): fc.Arbitrary<ObservedEnvelope> {
  const api = 'toolErrorResult';
  const taxonomy = envelopeTaxonomy(api, constraintsObject(api, constraints));
  if (!hasToolLayer(taxonomy)) {
    throw new ConfigError(
      `${api}: profile "jsonrpc-2.0" has no tool layer. Use an MCP profile, e.g. { profile: "mcp-2025-11-25" }.`,
    );
  }
  return toolErrorResultFor(taxonomy);
}

/** The builder behind {@link toolErrorResult}, for a resolved taxonomy with a tool layer. */
export function toolErrorResultFor(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  const parts = fc.record({
    expected: toolExpectation(taxonomy),
    content: contentBlocks({ failure: true }),
    structured: fc.option(structuredOutput(), { nil: undefined }),
    meta: meta(),
  });
  return parts.chain(({ expected, content, structured, meta }) => {
    const result: Record<string, JsonValue> = { content, isError: true };
    if (meta !== undefined) result['_meta'] = meta;
    const extra: Partial<Pick<CheckContext, 'outputSchema'>> =
      structured === undefined ? {} : { outputSchema: structured.outputSchema };
    return observed({ taxonomy, method: 'tools/call', expected, result, extra });
  });
}

function toolExpectation(taxonomy: Taxonomy): fc.Arbitrary<ExpectedOutcome> {
  const classes = [...taxonomy.failureClasses.values()].filter((rule) => rule.layer === 'tool');
  if (classes.length === 0) return fc.constant({ layer: 'tool' });
  return fc
    .constantFrom(...classes)
    .map((rule): ExpectedOutcome => ({ failureClass: rule.name, layer: 'tool' }));
}
