import fc from 'fast-check';

/**
 * `count` values of `arbitrary`, drawn with `seed`: the same seed always gives the same values,
 * so a mutant is reproducible from its id (docs/design.md "Mutators are pure").
 */
export function _draw<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed: _seedOf(seed), numRuns: count });
}

/** The first drawn value accepted by `accept` among `tries` draws, or `undefined`. */
export function _drawWhere<T>(
  arbitrary: fc.Arbitrary<T>,
  seed: number,
  accept: (value: T) => boolean,
  tries = 20,
): T | undefined {
  return _draw(arbitrary, seed, tries).find(accept);
}

/** fast-check wants a 32-bit integer seed; any finite number maps onto one deterministically. */
function _seedOf(seed: number): number {
  return Number.isFinite(seed) ? Math.trunc(seed) | 0 : 0;
}
