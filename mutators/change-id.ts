import fc from 'fast-check';
import type { Mutator, MutatorContext, Variant } from '../src/mutant/mutator.js';
import { errorOf, has, responseOf } from './_envelope.js';
import { drawWhere } from './_draw.js';
import { show } from './_show.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Breaks correlation: JSON-RPC 2.0 §5 requires the response id to equal the request id (same
 * JSON type). Variants: another in-flight id, a fresh id, a type flip (1 ↔ "1"), null where it
 * cannot be legitimate, and no id at all.
 */
export const changeId: Mutator<'change-id'> = {
  name: 'change-id',
  description: 'Changes the response id: another in-flight id, a fresh id, 1 ↔ "1", null, absent.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['jsonrpc.id'],
  version: 1,
  *mutate(target, context) {
    const response = responseOf(target);
    if (response === undefined || !has(response, 'id')) return;
    yield* distinct(target, candidates(target, response['id'], context));
  },
};

function* candidates(target: unknown, id: unknown, context: MutatorContext): Generator<Variant> {
  const taken = [id, context.check.requestId, ...(context.check.inFlightIds ?? [])];
  const { requestId } = context.check;
  const other = (context.check.inFlightIds ?? []).find((i) => i !== id && i !== requestId);
  if (other !== undefined) yield idVariant(target, id, other, 'another in-flight id');
  const fresh = drawWhere(freshIds(id), context.seed, (value) => !taken.includes(value));
  if (fresh !== undefined) yield idVariant(target, id, fresh, 'fresh id');
  const flipped = typeFlip(id);
  if (flipped !== undefined) yield idVariant(target, id, flipped);
  if (id !== null && nullIsWrong(target, context)) yield idVariant(target, id, null);
  yield idVariant(target, id, undefined);
}

function idVariant(target: unknown, id: unknown, next: unknown, why?: string): Variant {
  const text = `id ${show(id)} → ${show(next)}`;
  return variantAt(target, ['id'], next, why === undefined ? text : `${text} (${why})`);
}

/**
 * MCP forbids null ids outright; JSON-RPC 2.0 §5 allows one only on an error response whose
 * request id could not be read, so under that profile only a result gets the null variant.
 */
function nullIsWrong(target: unknown, context: MutatorContext): boolean {
  return !context.taxonomy.profile.allowsNullId || errorOf(target) === undefined;
}

/** Fresh ids of the same JSON type as the original, so only the value is wrong. */
function freshIds(id: unknown): fc.Arbitrary<string | number> {
  // noBias: a plausible id, not fast-check's favourite boundary values.
  const numbers = fc.noBias(fc.integer({ min: 1, max: 99_999 }));
  return typeof id === 'string' ? numbers.map((n) => `req-${n.toString(36)}`) : numbers;
}

/** 1 → "1" and "1" → 1: the same digits, another JSON type. */
function typeFlip(id: unknown): string | number | undefined {
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && /^-?(0|[1-9]\d{0,14})$/.test(id)) return Number(id);
  return undefined;
}
