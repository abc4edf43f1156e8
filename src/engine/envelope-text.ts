import { toJsonText } from '../envelope/json-text.js';

/**
 * Beyond this many levels `explain` shows a value compactly: indented, the text grows with the
 * square of the depth (a 10,000-deep envelope would print 100 MB), and JSON.stringify recurses
 * once per level (it overflows the stack near 10,000).
 */
export const MAX_INDENTED_DEPTH = 100;

/**
 * A site's value or a mutant's, as `explain` prints it: indented when shallow, compact when deep.
 *
 * @internal
 */
export function envelopeText(value: unknown): string {
  const text =
    nestingDepth(value) <= MAX_INDENTED_DEPTH ? JSON.stringify(value, null, 2) : toJsonText(value);
  return text ?? String(value);
}

/** How many arrays and objects nest in one another at the deepest point, without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: (readonly [unknown, number])[] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as readonly [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    // Past the limit the exact depth does not matter: stop walking.
    if (deepest > MAX_INDENTED_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}
