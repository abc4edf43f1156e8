import fc from 'fast-check';
import type { Mutator, MutatorContext, Variant } from '../src/mutant/mutator.js';
import type { Taxonomy } from '../src/taxonomy/taxonomy.js';
import { errorOf } from './_envelope.js';
import { drawWhere } from './_draw.js';
import { distinct, variantAt } from './_variants.js';

/** How far the neighbour search goes before it gives up (it never loops forever). */
const MAX_DISTANCE = 1000;

/**
 * Sends a code the active taxonomy does not document (docs/design.md "What a contract test
 * asserts": CI fails on an undocumented code): the nearest undocumented neighbour of the code, and
 * a code drawn inside each band the profile reserves (JSON-RPC 2.0 §5.1 -32768..-32000; MCP
 * 2026-07-28's own band), neither of which any client can map to a meaning.
 */
export const undocumentedCode: Mutator<'undocumented-code'> = {
  name: 'undocumented-code',
  description: 'Changes error.code to a nearby undocumented code, or one in a reserved band.',
  layer: 'protocol',
  target: 'envelope',
  expectedKillers: ['jsonrpc.error-code'],
  version: 1,
  *mutate(target, context) {
    const code = errorOf(target)?.['code'];
    if (typeof code !== 'number' || !Number.isSafeInteger(code)) return;
    yield* distinct(target, candidates(target, code, context));
  },
};

function* candidates(target: unknown, code: number, context: MutatorContext): Generator<Variant> {
  const { taxonomy, seed } = context;
  const neighbour = nearestUndocumented(code, taxonomy);
  if (neighbour !== undefined) yield codeVariant(target, code, neighbour, 'undocumented');
  for (const band of taxonomy.profile.reservedBands) {
    // noBias: a code from the middle of the band, not only its boundaries.
    const codes = fc.noBias(fc.integer({ min: band.min, max: band.max }));
    const accept = (next: number): boolean =>
      next !== code && next !== neighbour && !taxonomy.codes.has(next);
    const inBand = drawWhere(codes, seed, accept);
    if (inBand !== undefined)
      yield codeVariant(target, code, inBand, `reserved ${band.min}..${band.max}`);
  }
}

/** Searches outward from `code` (+1, -1, +2, -2, …) for a code the taxonomy does not know. */
function nearestUndocumented(code: number, taxonomy: Taxonomy): number | undefined {
  for (let distance = 1; distance <= MAX_DISTANCE; distance += 1) {
    for (const next of [code + distance, code - distance]) {
      if (Number.isSafeInteger(next) && !taxonomy.codes.has(next)) return next;
    }
  }
  return undefined;
}

function codeVariant(target: unknown, code: number, next: number, why: string): Variant {
  return variantAt(target, ['error', 'code'], next, `code ${code} → ${next} (${why})`);
}
