import type { RetryRule } from './taxonomy.js';

/**
 * `classifyFailure` of docs/design.md "Client failure policy" as a table, in its order: protocol
 * failures stop; an uncertain side effect is reconciled before anything else; a user-correctable
 * failure asks the user; a transient one is retried within bounds; everything else is shown as a
 * tool error. The last row matches all.
 */
export const DEFAULT_RETRY_TABLE: readonly RetryRule[] = [
  { when: { kind: 'protocol' }, action: 'stop-protocol' },
  { when: { sideEffectMayHaveOccurred: true }, action: 'reconcile-side-effect' },
  { when: { userActionRequired: true }, action: 'ask-user' },
  { when: { transient: true }, action: 'retry-bounded' },
  { when: {}, action: 'show-tool-error' },
];
