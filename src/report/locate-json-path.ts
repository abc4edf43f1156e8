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

interface _Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Where the member at `path` sits in `source` (a JSON text, typically `JSON.stringify(v, null, 2)`).
 * An object member spans from its key to the end of its value; an array element spans its value.
 * A path to a member the source does not have (a mutator that adds or removed it) points at the
 * opening bracket of its deepest existing parent, so the report still marks where it happened.
 * A source that is not JSON gets the whole text.
 */
export function locateJsonPath(source: string, path: JsonPath): SourceLocation {
  const spans = new Map<string, _Span>();
  try {
    const end = _skipSpace(source, _parseValue(source, _skipSpace(source, 0), [], spans));
    if (end !== source.length) throw new SyntaxError('locateJsonPath: text after the value');
  } catch {
    return _toLocation(source, { start: 0, end: Math.max(source.length, 1) });
  }
  const exact = spans.get(_pathKey(path));
  if (exact !== undefined) return _toLocation(source, exact);
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parent = spans.get(_pathKey(path.slice(0, depth)));
    if (parent !== undefined) {
      const bracket = _openingBracket(source, parent.start);
      return _toLocation(source, { start: bracket, end: bracket + 1 });
    }
  }
  return _toLocation(source, { start: 0, end: Math.max(source.length, 1) });
}

/** Segments compared as text: a mutator may name array element 0 as `0` or `"0"`. */
function _pathKey(path: JsonPath): string {
  return JSON.stringify(path.map(String));
}

/** From a member's span (which may begin at its key) to the `{` / `[` of its value. */
function _openingBracket(source: string, from: number): number {
  let inString = false;
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') return i;
  }
  return from;
}

function _skipSpace(source: string, at: number): number {
  let i = at;
  while (i < source.length && /\s/.test(source[i] ?? '')) i++;
  return i;
}

/** Parses the value at `at`, records its span (and its children's) and returns where it ends. */
function _parseValue(
  source: string,
  at: number,
  path: JsonPath,
  spans: Map<string, _Span>,
): number {
  const char = source[at];
  let end: number;
  if (char === '{') end = _parseObject(source, at, path, spans);
  else if (char === '[') end = _parseArray(source, at, path, spans);
  else if (char === '"') end = _parseString(source, at);
  else if (char !== undefined && /[-0-9tfn]/.test(char)) end = _parseLiteral(source, at);
  else throw new SyntaxError(`locateJsonPath: unexpected ${String(char)} at ${at}`);
  if (!spans.has(_pathKey(path))) spans.set(_pathKey(path), { start: at, end });
  return end;
}

function _parseObject(
  source: string,
  at: number,
  path: JsonPath,
  spans: Map<string, _Span>,
): number {
  let i = _skipSpace(source, at + 1);
  if (source[i] === '}') return i + 1;
  for (;;) {
    const keyStart = i;
    const keyEnd = _parseString(source, i);
    const key = JSON.parse(source.slice(keyStart, keyEnd)) as string;
    i = _skipSpace(source, keyEnd);
    if (source[i] !== ':') throw new SyntaxError(`locateJsonPath: expected : at ${i}`);
    const memberPath = [...path, key];
    const valueEnd = _parseValue(source, _skipSpace(source, i + 1), memberPath, spans);
    // The member, key included: that is what a mutator changed or removed.
    spans.set(_pathKey(memberPath), { start: keyStart, end: valueEnd });
    i = _skipSpace(source, valueEnd);
    if (source[i] === '}') return i + 1;
    if (source[i] !== ',') throw new SyntaxError(`locateJsonPath: expected , at ${i}`);
    i = _skipSpace(source, i + 1);
  }
}

function _parseArray(
  source: string,
  at: number,
  path: JsonPath,
  spans: Map<string, _Span>,
): number {
  let i = _skipSpace(source, at + 1);
  if (source[i] === ']') return i + 1;
  for (let index = 0; ; index++) {
    i = _skipSpace(source, _parseValue(source, i, [...path, index], spans));
    if (source[i] === ']') return i + 1;
    if (source[i] !== ',') throw new SyntaxError(`locateJsonPath: expected , at ${i}`);
    i = _skipSpace(source, i + 1);
  }
}

function _parseString(source: string, at: number): number {
  if (source[at] !== '"') throw new SyntaxError(`locateJsonPath: expected a string at ${at}`);
  for (let i = at + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '"') return i + 1;
  }
  throw new SyntaxError('locateJsonPath: unterminated string');
}

function _parseLiteral(source: string, at: number): number {
  let i = at;
  while (i < source.length && /[-+.0-9a-zA-Z]/.test(source[i] ?? '')) i++;
  const literal = source.slice(at, i);
  if (!/^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)$/.test(literal)) {
    throw new SyntaxError(`locateJsonPath: not a JSON literal: ${literal}`);
  }
  return i;
}

function _toLocation(source: string, span: _Span): SourceLocation {
  return { start: _toPosition(source, span.start), end: _toPosition(source, span.end) };
}

function _toPosition(source: string, offset: number): SourcePosition {
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
