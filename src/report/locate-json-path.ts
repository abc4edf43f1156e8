import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { JsonPath } from '../envelope/json-value.js';

/** A 1-based position, as mutation-testing-report-schema `definitions.position` requires. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** Start inclusive, end exclusive (mutation-testing-report-schema `definitions.location`). */
export interface SourceLocation {
  readonly start: SourcePosition;
  readonly end: SourcePosition;
}

/**
 * Where the member at `path` sits in `source` (a JSON text, typically `JSON.stringify(v, null, 2)`).
 * An object member spans from its key to the end of its value; an array element spans its value.
 * A path to a member the source does not have (a mutator that adds or removed it) points at the
 * opening bracket of its deepest existing parent, so the report still marks where it happened.
 * A source that is not JSON gets the whole text.
 */
export function locateJsonPath(source: string, path: JsonPath): SourceLocation {
  const whole = { start: 0, end: Math.max(source.length, 1) };
  const root = strictTree(source);
  if (root === undefined) return toLocation(source, whole);
  let node = root;
  for (const segment of path) {
    const child = childAt(node, segment);
    if (child === undefined) {
      // The first character of the deepest value there is: `{` or `[` for a container.
      const value = node.type === 'property' ? node.children?.[1] : node;
      const at = value?.offset ?? node.offset;
      return toLocation(source, { start: at, end: at + 1 });
    }
    node = child;
  }
  return toLocation(source, { start: node.offset, end: node.offset + node.length });
}

/**
 * The syntax tree of strict JSON (RFC 8259: no comments, no trailing commas), or `undefined` for
 * any other text. jsonc-parser recurses: text nested some 10,000 deep overflows the stack and is
 * treated as text that is not JSON.
 */
function strictTree(source: string): Node | undefined {
  const errors: ParseError[] = [];
  try {
    const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false });
    return errors.length === 0 ? root : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The member (key and value) or element at `segment` of the value of `node`. Segments compare as
 * text: a mutator may name array element 0 as `0` or `"0"`. Of two members with one key the last
 * counts, as in `JSON.parse`.
 */
function childAt(node: Node, segment: string | number): Node | undefined {
  const value = node.type === 'property' ? node.children?.[1] : node;
  const children = value?.children ?? [];
  if (value?.type === 'array') {
    const index = Number(segment);
    return String(index) === String(segment) ? children[index] : undefined;
  }
  if (value?.type !== 'object') return undefined;
  return children.findLast((member) => member.children?.[0]?.value === String(segment));
}

function toLocation(
  source: string,
  span: { readonly start: number; readonly end: number },
): SourceLocation {
  return { start: toPosition(source, span.start), end: toPosition(source, span.end) };
}

function toPosition(source: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
