import * as z from 'zod';
import type { CardProvider } from '../card-provider.js';
import { defineTool, type ToolDefinition } from '../define-tool.js';
import { sanitizeToolError } from '../sanitize.js';
import { toolSuccess } from '../tool-result.js';

/** `charge_status`: reconciles a charge whose outcome is unknown, by its idempotency key. */
export function chargeStatusTool(provider: CardProvider): ToolDefinition {
  return defineTool({
    name: 'charge_status',
    title: 'Charge status',
    description: 'Whether a charge was recorded under this idempotencyKey.',
    input: { idempotencyKey: z.string().min(8).max(64) },
    output: {
      idempotencyKey: z.string(),
      status: z.enum(['succeeded', 'not_found']),
      chargeId: z.string().optional(),
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async ({ idempotencyKey }) => {
      try {
        const charge = await provider.findCharge(idempotencyKey);
        if (charge === undefined) return toolSuccess({ idempotencyKey, status: 'not_found' });
        return toolSuccess({ idempotencyKey, status: 'succeeded', chargeId: charge.chargeId });
      } catch (error) {
        return sanitizeToolError(error, idempotencyKey);
      }
    },
  });
}
