/**
 * A unified-style line diff (`  ` same, `- ` removed, `+ ` added) by longest common subsequence.
 * Envelopes are small: the quadratic table is fine.
 */
export function diffLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lcs[i] as number[];
      row[j] =
        a[i] === b[j]
          ? (lcs[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i++] ?? ''}`);
      j++;
    } else if (
      j < b.length &&
      (i === a.length || (lcs[i]?.[j + 1] ?? 0) > (lcs[i + 1]?.[j] ?? 0))
    ) {
      lines.push(`+ ${b[j++] ?? ''}`);
    } else {
      lines.push(`- ${a[i++] ?? ''}`);
    }
  }
  return lines;
}
