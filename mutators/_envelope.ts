import { isJsonObject } from '../src/envelope/json-value.js';

type JsonRecord = Readonly<Record<string, unknown>>;

/**
 * The envelope as a response object (JSON-RPC 2.0 §5: a `result` or `error` member, no `method`),
 * or `undefined` for requests, notifications and non-objects: envelope mutators attack responses.
 */
export function responseOf(target: unknown): JsonRecord | undefined {
  if (!isJsonObject(target) || has(target, 'method')) return undefined;
  return has(target, 'result') || has(target, 'error') ? target : undefined;
}

/** The error object of an error response (and only of one: no `result` beside it). */
export function errorOf(target: unknown): JsonRecord | undefined {
  const response = responseOf(target);
  if (response === undefined || has(response, 'result')) return undefined;
  const error = response['error'];
  return isJsonObject(error) ? error : undefined;
}

/** The result object of a result response (and only of one: no `error` beside it). */
export function resultOf(target: unknown): JsonRecord | undefined {
  const response = responseOf(target);
  if (response === undefined || has(response, 'error')) return undefined;
  const result = response['result'];
  return isJsonObject(result) ? result : undefined;
}

/** The result of a tool failure: `isError` exactly `true` (MCP 2025-11-25 tools). */
export function toolFailureOf(target: unknown): JsonRecord | undefined {
  const result = resultOf(target);
  return result?.['isError'] === true ? result : undefined;
}

/** Indices of the text content blocks of a result (MCP 2025-11-25 `TextContent`). */
export function textBlockIndices(result: JsonRecord): number[] {
  const content = result['content'];
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown, index) =>
    isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string'
      ? [index]
      : [],
  );
}

/** The text of the first text content block, if any. */
export function firstText(result: JsonRecord): string | undefined {
  const [index] = textBlockIndices(result);
  if (index === undefined) return undefined;
  const block = (result['content'] as readonly unknown[])[index];
  return isJsonObject(block) ? (block['text'] as string) : undefined;
}

export function has(value: JsonRecord, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}
