/** Above this many cells (lines before × lines after) the LCS table is not built. */
const MAX_TABLE_CELLS = 1_000_000;

/**
 * A unified-style line diff (`  ` same, `- ` removed, `+ ` added) by longest common subsequence.
 * The lines both texts start and end with are kept out of the quadratic table; what remains of an
 * envelope is small. Should it not be, the changed stretch is shown as removed, then added.
 */
export function diffLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  )
    end++;
  const same = (lines: readonly string[]): string[] => lines.map((line) => `  ${line}`);
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const middle =
    middleA.length * middleB.length > MAX_TABLE_CELLS
      ? [...middleA.map((line) => `- ${line}`), ...middleB.map((line) => `+ ${line}`)]
      : lcsDiff(middleA, middleB);
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(a.length - end))];
}

function lcsDiff(a: readonly string[], b: readonly string[]): string[] {
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
