import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to a misspelt name, or `null` when none is close enough to be a likely
 * typo (edit distance at most a third of the name's length, and at least 1).
 * Used for "Did you mean …?" hints on unknown config keys, mutators and rules: the one edit
 * distance (Levenshtein, by fastest-levenshtein) and the one wording of the project.
 */
export function closestName(name: string, candidates: readonly string[]): string | null {
  const allowed = Math.max(1, Math.floor(name.length / 3));
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const edits = distance(name.toLowerCase(), candidate.toLowerCase());
    if (edits <= allowed && edits < bestDistance) {
      best = candidate;
      bestDistance = edits;
    }
  }
  return best;
}

/** `Did you mean "x"? ` or the empty string. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const closest = closestName(name, candidates);
  return closest === null ? '' : ` Did you mean "${closest}"?`;
}
