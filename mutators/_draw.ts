import fc from 'fast-check';

/**
 * `count` values of `arbitrary`, drawn with `seed`: the same seed always gives the same values,
 * so a mutant is reproducible from its id (docs/design.md "Mutators are pure").
 */
export function draw<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed: seedOf(seed), numRuns: count });
}

/** The first drawn value accepted by `accept` among `tries` draws, or `undefined`. */
export function drawWhere<T>(
  arbitrary: fc.Arbitrary<T>,
  seed: number,
  accept: (value: T) => boolean,
  tries = 20,
): T | undefined {
  return draw(arbitrary, seed, tries).find(accept);
}

/** fast-check wants a 32-bit integer seed; any finite number maps onto one deterministically. */
function seedOf(seed: number): number {
  return Number.isFinite(seed) ? Math.trunc(seed) | 0 : 0;
}
