/** Envelopes the oracle tests start from: each is valid under mcp-2025-11-25 for its context. */

export const textBlock = (text: string) => ({ type: 'text', text });

export function toolError(id: string | number = 1, text = 'Account is not eligible') {
  return { jsonrpc: '2.0', id, result: { content: [textBlock(text)], isError: true } };
}

export function toolSuccess(id: string | number = 1, extra: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, result: { content: [textBlock('42 rows')], ...extra } };
}

export function protocolError(
  id: string | number | null = 1,
  code = -32602,
  message = 'Unknown tool: foo',
) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/**
 * SDK 1.32 `McpServer`'s answer to an unknown tool: it throws `McpError(InvalidParams, "Tool foo
 * not found")` and its catch-all turns that into a tool result (server/mcp.js `createToolError`).
 */
export function sdkDemotedUnknownTool(id: string | number = 1) {
  return toolError(id, 'MCP error -32602: Tool foo not found');
}

/** SDK 1.32 `McpServer`'s answer to arguments that fail the inputSchema (same catch-all). */
export function sdkInputValidationError(id: string | number = 1) {
  return toolError(
    id,
    'MCP error -32602: Input validation error: Invalid arguments for tool add: a must be a number',
  );
}
