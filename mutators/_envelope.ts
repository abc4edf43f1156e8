import { isJsonObject } from '../src/envelope/json-value.js';

type JsonRecord = Readonly<Record<string, unknown>>;

/**
 * The envelope as a response object (JSON-RPC 2.0 §5: a `result` or `error` member, no `method`),
 * or `undefined` for requests, notifications and non-objects: envelope mutators attack responses.
 */
export function _responseOf(target: unknown): JsonRecord | undefined {
  if (!isJsonObject(target) || _has(target, 'method')) return undefined;
  return _has(target, 'result') || _has(target, 'error') ? target : undefined;
}

/** The error object of an error response (and only of one: no `result` beside it). */
export function _errorOf(target: unknown): JsonRecord | undefined {
  const response = _responseOf(target);
  if (response === undefined || _has(response, 'result')) return undefined;
  const error = response['error'];
  return isJsonObject(error) ? error : undefined;
}

/** The result object of a result response (and only of one: no `error` beside it). */
export function _resultOf(target: unknown): JsonRecord | undefined {
  const response = _responseOf(target);
  if (response === undefined || _has(response, 'error')) return undefined;
  const result = response['result'];
  return isJsonObject(result) ? result : undefined;
}

/** The result of a tool failure: `isError` exactly `true` (MCP 2025-11-25 tools). */
export function _toolFailureOf(target: unknown): JsonRecord | undefined {
  const result = _resultOf(target);
  return result?.['isError'] === true ? result : undefined;
}

/** Indices of the text content blocks of a result (MCP 2025-11-25 `TextContent`). */
export function _textBlockIndices(result: JsonRecord): number[] {
  const content = result['content'];
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown, index) =>
    isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string'
      ? [index]
      : [],
  );
}

/** The text of the first text content block, if any. */
export function _firstText(result: JsonRecord): string | undefined {
  const [index] = _textBlockIndices(result);
  if (index === undefined) return undefined;
  const block = (result['content'] as readonly unknown[])[index];
  return isJsonObject(block) ? (block['text'] as string) : undefined;
}

export function _has(value: JsonRecord, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}
