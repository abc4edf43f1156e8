import type { JsonPath } from '../envelope/json-value.js';

/**
 * The visited-set of the walk in progress, kept for the next call once cleared: one `Set` per
 * process instead of one per call (the oracle walks up to five values per envelope).
 */
let spareSeen: Set<object> | null = null;

/**
 * Calls `visit` for every string inside `root` (values, not keys), depth first. Iterative with an
 * explicit stack (hostile inputs nest 10,000 deep) of values, keys and depths in parallel arrays:
 * nothing is allocated per visited value, and the path is rebuilt only when `visit` asks for it.
 * `path` is valid during that `visit` call only. Cycles and shared values are visited once.
 */
export function walkStrings(
  root: unknown,
  rootPath: JsonPath,
  visit: (text: string, path: () => JsonPath) => void,
): void {
  if (typeof root === 'string') {
    visit(root, () => [...rootPath]);
    return;
  }
  if (typeof root !== 'object' || root === null) return;
  const seen = spareSeen ?? new Set<object>();
  spareSeen = null;
  try {
    walk(root, rootPath, visit, seen);
  } finally {
    seen.clear();
    spareSeen = seen;
  }
}

function walk(
  root: object,
  rootPath: JsonPath,
  visit: (text: string, path: () => JsonPath) => void,
  seen: Set<object>,
): void {
  const values: unknown[] = [root];
  const keys: (string | number)[] = [''];
  const depths: number[] = [0];
  // trail[i] is the key at depth i + 1 on the way to the value being visited (DFS order).
  const trail: (string | number)[] = [];
  let depth = 0;
  const path = (): JsonPath => [...rootPath, ...trail.slice(0, depth)];
  while (values.length > 0) {
    const value = values.pop();
    const key = keys.pop() as string | number;
    depth = depths.pop() as number;
    if (depth > 0) trail[depth - 1] = key;
    if (typeof value === 'string') visit(value, path);
    else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      pushChildren(value, depth + 1, values, keys, depths);
    }
  }
}

/** Pushes the children of `value` in reverse, so they pop in document order. */
function pushChildren(
  value: object,
  depth: number,
  values: unknown[],
  keys: (string | number)[],
  depths: number[],
): void {
  if (Array.isArray(value)) {
    for (let index = value.length - 1; index >= 0; index -= 1) {
      values.push(value[index] as unknown);
      keys.push(index);
      depths.push(depth);
    }
    return;
  }
  const names = Object.keys(value);
  for (let index = names.length - 1; index >= 0; index -= 1) {
    const name = names[index] as string;
    values.push((value as Record<string, unknown>)[name]);
    keys.push(name);
    depths.push(depth);
  }
}
