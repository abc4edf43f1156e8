/**
 * The error codes this client knows under MCP 2025-11-25: JSON-RPC 2.0 §5.1's five, MCP's
 * resource-not-found (-32002) and URL elicitation required (-32042, SEP-1036).
 */
export const DOCUMENTED_CODES: ReadonlySet<number> = new Set([
  -32700, -32600, -32601, -32602, -32603, -32002, -32042,
]);
