import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { responseOf } from './_envelope.js';
import { show } from './_show.js';
import { distinct, variantAt } from './_variants.js';

/** An older protocol's string, the right digits as a number, and no version at all. */
const CORRUPTIONS: readonly unknown[] = ['1.0', 2, undefined];

/** Corrupts the version member: JSON-RPC 2.0 §5 requires `jsonrpc` to be exactly `"2.0"`. */
export const corruptVersion: Mutator<'corrupt-version'> = {
  name: 'corrupt-version',
  description: 'Changes jsonrpc to "1.0", to the number 2, or removes it.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['jsonrpc.version'],
  version: 1,
  *mutate(target) {
    const response = responseOf(target);
    if (response === undefined) return;
    const current = response['jsonrpc'];
    const candidates = CORRUPTIONS.map((next): Variant =>
      variantAt(target, ['jsonrpc'], next, `jsonrpc ${show(current)} → ${show(next)}`),
    );
    yield* distinct(target, candidates);
  },
};
