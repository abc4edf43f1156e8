import fc from 'fast-check';
import { CLIENT_ACTIONS } from '../../src/taxonomy/client-action.js';

const id = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null));
const text = fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 8 }) });
const block = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));

/** Envelope-shaped values, valid or not, so that every envelope mutator's applying paths run. */
export const envelopeLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
    id,
    method: fc.string({ maxLength: 4 }),
    error: fc.oneof(
      fc.record(
        {
          code: fc.oneof(fc.integer({ min: -32800, max: -31900 }), fc.jsonValue({ maxDepth: 1 })),
          message: fc.string({ maxLength: 8 }),
          data: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    result: fc.oneof(
      fc.record(
        {
          content: fc.oneof(fc.array(block, { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
          isError: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
          structuredContent: fc.jsonValue({ maxDepth: 2 }),
          resultType: fc.constantFrom('complete', 'input_required', 3),
          _meta: fc.jsonValue({ maxDepth: 1 }),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: [] },
);

/** Decision-shaped values, valid or not. */
export const decisionLike = fc.record(
  {
    action: fc.oneof(fc.constantFrom(...CLIENT_ACTIONS), fc.string({ maxLength: 4 })),
    context: fc.oneof(
      fc.record({
        kind: fc.constantFrom('protocol', 'tool', 'other'),
        transient: fc.boolean(),
        sideEffectMayHaveOccurred: fc.boolean(),
        userActionRequired: fc.boolean(),
      }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    attempt: fc.record({ requestId: id, previousRequestId: id }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
