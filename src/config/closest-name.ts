/**
 * The candidate closest to a misspelt name, or `null` when none is close enough to be a likely
 * typo (edit distance at most a third of the name's length, and at least 1).
 * Used for "Did you mean …?" hints on unknown config keys, mutators and rules.
 */
export function closestName(name: string, candidates: readonly string[]): string | null {
  const allowed = Math.max(1, Math.floor(name.length / 3));
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = _editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
export function _editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** `Did you mean "x"? ` or the empty string. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const closest = closestName(name, candidates);
  return closest === null ? '' : ` Did you mean "${closest}"?`;
}
