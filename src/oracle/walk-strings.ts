import type { JsonPath } from '../envelope/json-value.js';

interface _Node {
  readonly value: unknown;
  readonly key: string | number;
  readonly parent: _Node | null;
}

/**
 * Calls `visit` for every string inside `root` (values, not keys), depth first, with a lazy path.
 * Iterative with an explicit stack and parent links: no recursion (hostile inputs nest 10,000 deep)
 * and no path copies (linear in the input size). Cycles are visited once.
 */
export function walkStrings(
  root: unknown,
  rootPath: JsonPath,
  visit: (text: string, path: () => JsonPath) => void,
): void {
  const seen = new Set<object>();
  const stack: _Node[] = [{ value: root, key: '', parent: null }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      const current = node;
      visit(value, () => [...rootPath, ..._pathOf(current)]);
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      _pushChildren(value, node, stack);
    }
  }
}

function _pushChildren(value: object, parent: _Node, stack: _Node[]): void {
  if (Array.isArray(value)) {
    for (let index = value.length - 1; index >= 0; index -= 1) {
      stack.push({ value: value[index] as unknown, key: index, parent });
    }
    return;
  }
  const keys = Object.keys(value);
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const key = keys[index] as string;
    stack.push({ value: (value as Record<string, unknown>)[key], key, parent });
  }
}

function _pathOf(node: _Node): JsonPath {
  const keys: (string | number)[] = [];
  for (let at: _Node | null = node; at !== null && at.parent !== null; at = at.parent)
    keys.push(at.key);
  return keys.reverse();
}
