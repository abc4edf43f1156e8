import { hasMember, isJsonObject } from '../envelope/json-value.js';
import type { RuleInput } from './rule-input.js';

/**
 * The `result` of a `tools/call` response, or `null` when the response is something else. Without
 * a method in the context, a result that carries `content`, `isError` or `structuredContent` is
 * taken for a CallToolResult (MCP 2025-11-25 schema.ts).
 */
export function callToolResultOf({
  envelope,
  context,
}: RuleInput): Readonly<Record<string, unknown>> | null {
  const result = envelope['result'];
  if (!isJsonObject(result)) return null;
  if (context.method !== undefined) return context.method === 'tools/call' ? result : null;
  const looksLike =
    hasMember(result, 'content') ||
    hasMember(result, 'isError') ||
    hasMember(result, 'structuredContent');
  return looksLike ? result : null;
}

/** MCP 2026-07-28: an interim `input_required` result is not a CallToolResult yet. */
export function isInputRequired(
  result: Readonly<Record<string, unknown>>,
  input: RuleInput,
): boolean {
  return input.taxonomy.profile.requiresResultType && result['resultType'] === 'input_required';
}
