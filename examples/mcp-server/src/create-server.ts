import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AccountStore } from './accounts.js';
import { answerToolCalls } from './answer-tool-calls.js';
import type { CardProvider } from './card-provider.js';
import type { ToolDefinition } from './define-tool.js';
import { chargeCardTool } from './tools/charge-card.js';
import { chargeStatusTool } from './tools/charge-status.js';
import { getAccountTool } from './tools/get-account.js';

/** What the server needs from the outside world. */
export interface AccountServerDeps {
  readonly accounts: AccountStore;
  readonly provider: CardProvider;
  /** Where the server's log lines go (stdio: stderr); none are written without it. */
  readonly log?: (line: string) => void;
}

/** The accounts MCP server: `get_account`, `charge_card`, `charge_status`. Not yet connected. */
export function createAccountServer(deps: AccountServerDeps): McpServer {
  const server = new McpServer({ name: 'accounts-example', version: '1.0.0' });
  const tools: readonly ToolDefinition[] = [
    getAccountTool(deps.accounts),
    chargeCardTool(deps.accounts, deps.provider),
    chargeStatusTool(deps.provider),
  ];
  for (const tool of tools) {
    const { name, call, ...config } = tool;
    // `tools/list` comes from McpServer; `tools/call` is answered by answerToolCalls below.
    server.registerTool(name, config, (args) => call(args));
  }
  answerToolCalls(server, tools, deps.log);
  return server;
}
