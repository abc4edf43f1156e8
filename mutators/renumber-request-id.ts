import fc from 'fast-check';
import type { Mutator, MutatorContext } from '../src/mutant/mutator.js';
import { drawWhere } from './_draw.js';
import { show } from './_show.js';

/**
 * A harmless mutator: the client chooses another id for a request, at the moment it allocates
 * one (a `request-id` site: `connectRaw`). JSON-RPC 2.0 §4 lets the client choose any string or
 * number (numbers without fractional parts), and §5 has the server answer with the same id; MCP
 * 2025-11-25 adds only that it is not null and not used before in the session. The client sends,
 * records and matches the new id, so the exchange stays correct end to end and the suite sees a
 * response with an id it never chose. A suite that fails here pins the id (`id: 2`) instead of
 * comparing it with the request's.
 *
 * The new id has the type of the old one: a number becomes another integer, drawn above the range
 * a counter from 1 reaches, a string another string; neither is the id of a request in flight.
 */
export const renumberRequestId: Mutator<'renumber-request-id'> = {
  name: 'renumber-request-id',
  description:
    'Harmless: the client allocates another id of the same type for a request, and the server echoes it (JSON-RPC 2.0 §4, §5).',
  layer: 'envelope',
  target: 'request-id',
  expectedKillers: [],
  harmless: true,
  version: 1,
  *mutate(target, context) {
    const next = otherId(target, context);
    if (next === undefined) return;
    yield { value: next, replacement: `request id ${show(target)} → ${show(next)}`, path: [] };
  },
};

function otherId(id: unknown, context: MutatorContext): string | number | undefined {
  const taken = [id, ...(context.check.inFlightIds ?? [])];
  const fresh = (value: string | number) => !taken.includes(value);
  if (typeof id === 'number' && Number.isSafeInteger(id)) {
    return drawWhere(NUMBERS, context.seed, fresh);
  }
  if (typeof id === 'string') return drawWhere(STRINGS, context.seed, fresh);
  return undefined;
}

// noBias: a plausible id, not fast-check's favourite boundary values. 2^20 and up: far above the
// ids a counter from 1 hands out in a test, below 2^31 for clients that keep ids in 32 bits.
const NUMBERS = fc.noBias(fc.integer({ min: 2 ** 20, max: 2 ** 31 - 1 }));
const STRINGS = NUMBERS.map((n) => `req-${n.toString(36)}`);
