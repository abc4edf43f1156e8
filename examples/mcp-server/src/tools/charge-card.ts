import * as z from 'zod';
import type { AccountStore } from '../accounts.js';
import type { CardProvider } from '../card-provider.js';
import { defineTool, type ToolDefinition } from '../define-tool.js';
import { sanitizeToolError } from '../sanitize.js';
import { toolFailure, toolSuccess } from '../tool-result.js';

/**
 * `charge_card`: the side-effecting tool. The idempotency key names the operation, so a client that
 * lost the answer can ask `charge_status` instead of charging again (side-effect uncertainty:
 * envelope-mutants' docs/design.md "Client failure policy").
 */
export function chargeCardTool(accounts: AccountStore, provider: CardProvider): ToolDefinition {
  return defineTool({
    name: 'charge_card',
    title: 'Charge card',
    description:
      'Charge the card on file. Pass a fresh idempotencyKey per operation and reuse it to reconcile.',
    input: {
      accountId: z.string().regex(/^acct_[a-z0-9]+$/),
      amountCents: z.number().int().positive().max(1_000_000),
      idempotencyKey: z.string().min(8).max(64),
    },
    output: { chargeId: z.string(), amountCents: z.number().int(), idempotencyKey: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args) => {
      const account = accounts.find(args.accountId);
      if (account === undefined)
        return toolFailure('account-not-found', `No account ${args.accountId}.`);
      if (account.frozen) {
        return toolFailure(
          'not-eligible',
          'Account is not eligible for card charges: it is frozen.',
        );
      }
      try {
        return toolSuccess({ ...(await provider.charge(args)) });
      } catch (error) {
        return sanitizeToolError(error, args.idempotencyKey);
      }
    },
  });
}
