import type { Mutator } from '../src/mutant/mutator.js';
import { has, resultOf } from './_envelope.js';
import { show } from './_show.js';
import { distinct, variantAt } from './_variants.js';

/**
 * MCP 2026-07-28: every result says `resultType: "complete"` when final; `"input_required"` asks
 * the client to come back and must never pass as a success. Removes the member, or turns the
 * result into `input_required`. Only under a profile that requires `resultType`.
 */
export const dropResultType: Mutator<'drop-result-type'> = {
  name: 'drop-result-type',
  description: 'Removes resultType, or sets it to "input_required" (2026-07-28 profile).',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['mcp.result-type'],
  version: 1,
  *mutate(target, context) {
    if (!context.taxonomy.profile.requiresResultType) return;
    const result = resultOf(target);
    if (result === undefined) return;
    const path = ['result', 'resultType'];
    const current = show(result['resultType']);
    const candidates = [
      variantAt(target, path, 'input_required', `resultType ${current} → "input_required"`),
    ];
    if (has(result, 'resultType')) {
      candidates.unshift(variantAt(target, path, undefined, `resultType ${current} → absent`));
    }
    yield* distinct(target, candidates);
  },
};
