/** What the client does about a failure ("Client failure policy" in envelope-mutants' design). */
export type ClientAction =
  'stop-protocol' | 'retry-bounded' | 'ask-user' | 'reconcile-side-effect' | 'show-tool-error';

/** What the client knows about a failure when it decides. */
export interface FailureContext {
  readonly kind: 'protocol' | 'tool';
  readonly transient: boolean;
  readonly sideEffectMayHaveOccurred: boolean;
  readonly userActionRequired: boolean;
}

/**
 * This client's retry policy. The order is the policy: side-effect uncertainty is settled before
 * anything else, so an unconfirmed charge is reconciled, never retried into a duplicate; a
 * protocol failure goes to client diagnostics, not to the model; a user-correctable rejection
 * does not spend the transient retry budget.
 *
 * It differs from the default policy in one place: uncertainty is checked before the protocol
 * kind. A JSON-RPC error means the request was not processed (no side effect), but a garbled
 * answer to `charge_card` is also classed `protocol`, and the charge may have happened.
 */
export function classifyFailure(failure: FailureContext): ClientAction {
  if (failure.sideEffectMayHaveOccurred) return 'reconcile-side-effect';
  if (failure.kind === 'protocol') return 'stop-protocol';
  if (failure.userActionRequired) return 'ask-user';
  if (failure.transient) return 'retry-bounded';
  return 'show-tool-error';
}
