import { createHash } from 'node:crypto';

/** Length of a mutant id: 48 bits, ample for the few thousand mutants of one run. */
const ID_LENGTH = 12;

/**
 * A mutant's deterministic id (docs/design.md "Generate"): the first 12 hex digits of the SHA-256
 * of the canonical JSON of (site key, mutator, variant index, seed). The same four inputs always
 * give the same id, across runs and machines, so `explain ID` and `diff` can find a mutant again.
 *
 * @internal
 */
export function mutantId(
  siteKey: string,
  mutatorName: string,
  variantIndex: number,
  seed: number,
): string {
  const canonical = JSON.stringify([siteKey, mutatorName, variantIndex, seed]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex').slice(0, ID_LENGTH);
}
