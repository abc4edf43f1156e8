/**
 * How many items `a` and `b` share at their start (`head`), then at their end (`tail`, never
 * reaching into the head): between them lies the one stretch that changed, of two texts or two
 * lists of lines.
 */
export function commonEnds<T>(a: ArrayLike<T>, b: ArrayLike<T>): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return { head, tail };
}
