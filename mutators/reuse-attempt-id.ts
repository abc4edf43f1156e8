import type { Mutator } from '../src/mutant/mutator.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import { decisionOf } from './_decision.js';
import { show } from './_show.js';
import { distinct, variantAt } from './_variants.js';

/**
 * A retry that reuses the failed request's id. docs/design.md "Client failure policy": a retry gets
 * a new request id and links to the earlier attempt; reusing a completed id makes the exchange look
 * as if it never happened (and a late response correlates to the wrong one).
 */
export const reuseAttemptId: Mutator<'reuse-attempt-id'> = {
  name: 'reuse-attempt-id',
  description: "Makes a retry decision reuse the failed request's id.",
  layer: 'decision',
  target: 'decision',
  expectedKillers: ['policy.attempt'],
  version: 1,
  *mutate(target) {
    const attempt = decisionOf(target)?.attempt;
    if (!isJsonObject(attempt) || !('previousRequestId' in attempt)) return;
    const previous = attempt['previousRequestId'];
    // A tap records the client's object as it was, an explicit undefined member included.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (previous === undefined) return;
    const text = `requestId ${show(attempt['requestId'])} → ${show(previous)} (previous attempt)`;
    yield* distinct(target, [variantAt(target, ['attempt', 'requestId'], previous, text)]);
  },
};
