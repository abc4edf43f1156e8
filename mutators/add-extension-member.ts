import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import { errorOf, has, resultOf } from './_envelope.js';
import { distinct, variantAt } from './_variants.js';

/**
 * A harmless mutator: adds a member where the specs leave room for one. JSON-RPC 2.0 §5.1 makes
 * `error.data` optional and server-defined; MCP 2025-11-25 (basic/index.mdx "_meta") reserves
 * `result._meta` for implementation metadata under a prefixed key. A client or suite that fails
 * on either compares whole objects instead of the members it needs.
 */
export const addExtensionMember: Mutator<'add-extension-member'> = {
  name: 'add-extension-member',
  description:
    'Harmless: adds an allowed extension member (error.data where absent, a prefixed result._meta key).',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: [],
  harmless: true,
  version: 1,
  *mutate(target) {
    const candidates: Variant[] = [];
    const error = errorOf(target);
    if (error !== undefined && !has(error, 'data')) {
      candidates.push(variantAt(target, ['error', 'data'], DATA, 'error.data added'));
    }
    const result = resultOf(target);
    if (result !== undefined) {
      const meta = result['_meta'];
      if (meta === undefined || isJsonObject(meta)) {
        const added = { ...(meta ?? {}), [META_KEY]: META_VALUE };
        candidates.push(variantAt(target, ['result', '_meta'], added, `_meta.${META_KEY} added`));
      }
    }
    yield* distinct(target, candidates);
  },
};

/**
 * A `_meta` key with a reverse-DNS prefix of no MCP namespace (MCP 2025-11-25 reserves prefixes
 * whose second label is `modelcontextprotocol` or `mcp`).
 */
const META_KEY = 'com.example.harmless/trace';
const META_VALUE = 'trace-0001';

/** Server-defined detail that reveals nothing (docs/design.md "Sanitization"). */
const DATA = { traceId: META_VALUE } as const;
