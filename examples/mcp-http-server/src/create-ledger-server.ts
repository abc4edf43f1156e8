import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { LedgerRejection, type Ledger } from './ledger.js';

function text(message: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: message }], ...(isError ? { isError: true } : {}) };
}

/**
 * The ledger MCP server: `get_balance` (scope `accounts:read`) and `transfer_funds` (also
 * `accounts:write`). Authorization is not its business: the HTTP layer in front of it
 * (`authorize.ts`) answers 401 and 403 before a request reaches a tool, so a tool result is never
 * a permission message (seed 002, MCP authorization.mdx "Error Handling").
 */
export function createLedgerServer(ledger: Ledger): McpServer {
  const server = new McpServer({ name: 'ledger-http-example', version: '1.0.0' });
  server.registerTool(
    'get_balance',
    {
      description: 'The balance of an account, in cents.',
      inputSchema: { accountId: z.string() },
      annotations: { readOnlyHint: true },
    },
    ({ accountId }) => {
      const balance = ledger.balanceOf(accountId);
      return balance === undefined
        ? text(`No account ${accountId}.`, true)
        : text(`${accountId}: ${balance} cents`);
    },
  );
  server.registerTool(
    'transfer_funds',
    {
      description: 'Move money between two accounts. Needs the accounts:write scope.',
      inputSchema: { from: z.string(), to: z.string(), amountCents: z.number().int().positive() },
    },
    ({ from, to, amountCents }) => {
      try {
        ledger.transfer(from, to, amountCents);
        return text(`Moved ${amountCents} cents from ${from} to ${to}.`);
      } catch (error) {
        // Only a business rule's own message reaches the model; anything else is generic.
        if (error instanceof LedgerRejection) return text(error.message, true);
        return text('The transfer failed; nothing was moved.', true);
      }
    },
  );
  return server;
}
