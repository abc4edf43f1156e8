import * as z from 'zod';
import type { AccountStore } from '../accounts.js';
import { defineTool, type ToolDefinition } from '../define-tool.js';
import { toolFailure, toolSuccess } from '../tool-result.js';

/** `get_account`: read-only; its success carries `structuredContent` matching `outputSchema`. */
export function getAccountTool(accounts: AccountStore): ToolDefinition {
  return defineTool({
    name: 'get_account',
    title: 'Get account',
    description: 'Look up an account by id: holder, plan and whether it is frozen.',
    input: { accountId: z.string().regex(/^acct_[a-z0-9]+$/) },
    output: {
      accountId: z.string(),
      holder: z.string(),
      plan: z.enum(['basic', 'pro']),
      frozen: z.boolean(),
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: ({ accountId }) => {
      const account = accounts.find(accountId);
      if (account === undefined) {
        return Promise.resolve(toolFailure('account-not-found', `No account ${accountId}.`));
      }
      return Promise.resolve(toolSuccess({ ...account }));
    },
  });
}
