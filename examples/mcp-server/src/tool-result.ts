import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The stable, public categories of a tool failure. Clients decide on these, never on the prose
 * (seed: "Keep machine decisions tied to stable fields, not exact prose").
 */
export type FailureCategory =
  | 'invalid-arguments'
  | 'not-eligible'
  | 'account-not-found'
  | 'provider-unavailable'
  | 'outcome-unknown'
  | 'internal';

/** The `_meta` key under which a tool failure names its category (reverse-DNS, MCP 2025-11-25 `_meta`). */
export const FAILURE_META_KEY = 'com.example.accounts/failure';

/**
 * A successful tool result: the structured value for programs, the same value as text for models
 * that do not read `structuredContent` (MCP 2025-11-25 tools, "Structured Content").
 */
export function toolSuccess(structuredContent: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
  };
}

/**
 * A tool execution failure: a JSON-RPC *result* with `isError: true` and a non-empty, sanitized
 * message (MCP 2025-11-25 tools, "Error Handling"). No `structuredContent`: the output schema
 * describes a success, and a failure must not pretend to be one.
 */
export function toolFailure(category: FailureCategory, message: string): CallToolResult {
  return {
    content: [{ type: 'text', text: message }],
    isError: true,
    _meta: { [FAILURE_META_KEY]: { category } },
  };
}
