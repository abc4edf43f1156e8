import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from './define-tool.js';
import { FAILURE_META_KEY } from './tool-result.js';

/**
 * Installs this server's `tools/call` handler in place of the one `McpServer` installs.
 *
 * Why: SDK 1.32's `McpServer` turns every error of `tools/call`, an unknown tool name included,
 * into an `isError` result whose text is the raw exception message. MCP 2025-11-25 tools
 * ("Error Handling") makes an unknown tool a *protocol* error (JSON-RPC -32602, Invalid params),
 * and raw exception text is what leaks secrets. Here an unknown name is a JSON-RPC error before
 * any tool runs; a known tool validates and sanitizes its own failures ({@link ToolDefinition.call}).
 *
 * Each tool failure is logged (`log`) with the request id, the tool and the failure category:
 * enough for an operator to find the call, and nothing of the error's own text, which can carry
 * the same secrets as the upstream body (logs are read by more people than the model is).
 *
 * Call it after registering the tools: `McpServer` installs its handler on the first
 * `registerTool`, and `setRequestHandler` replaces it.
 */
export function answerToolCalls(
  server: McpServer,
  tools: readonly ToolDefinition[],
  log: (line: string) => void = () => undefined,
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    const result = await tool.call(request.params.arguments);
    if (result.isError === true) {
      const category = (result._meta?.[FAILURE_META_KEY] as { category?: string } | undefined)
        ?.category;
      log(
        `warn tools/call ${String(extra.requestId)} ${tool.name} failed: ${category ?? 'unknown'}`,
      );
    }
    return result;
  });
}
