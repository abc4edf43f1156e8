import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonPath } from '../../src/envelope/json-value.js';
import { walkStrings } from '../../src/oracle/walk-strings.js';

/** Every string of `root` with its path, by plain recursion (the reference). */
function plainStrings(root: unknown, path: JsonPath): [string, JsonPath][] {
  if (typeof root === 'string') return [[root, path]];
  if (typeof root !== 'object' || root === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(root)
    ? root.map((value, index) => [index, value] as [number, unknown])
    : Object.entries(root);
  return entries.flatMap(([key, value]) => plainStrings(value, [...path, key]));
}

function walked(root: unknown, rootPath: JsonPath = []): [string, JsonPath][] {
  const out: [string, JsonPath][] = [];
  walkStrings(root, rootPath, (text, path) => out.push([text, path()]));
  return out;
}

describe('walkStrings', () => {
  it('should visit every string with its path, in document order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(walked(value, ['result'])).toEqual(plainStrings(value, ['result']));
      }),
    );
  });

  it('should visit a shared or cyclic value once', () => {
    const shared = { text: 'once' };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic['self'] = cyclic;
    expect(walked(cyclic)).toEqual([['once', ['a', 'text']]]);
  });

  it('should walk 10,000 levels of nesting without recursion', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    const [found] = walked(deep);
    expect(found?.[1]).toHaveLength(10_000);
  });

  it('should give each call its own visited set when a visit walks again', () => {
    const inner = { text: 'inner' };
    const seenInside: string[] = [];
    walkStrings({ a: 'outer', b: inner }, [], () => {
      walkStrings(inner, [], (text) => seenInside.push(text));
    });
    expect(seenInside).toEqual(['inner', 'inner']);
  });

  it('should differ from the reference when a path is wrong', () => {
    // Negative control: the reference comparison notices a path off by one key.
    const value = { a: ['x'] };
    expect(walked(value)).not.toEqual(plainStrings(value, ['a']));
  });
});
