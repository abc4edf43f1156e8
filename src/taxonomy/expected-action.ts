import type { ClientAction, FailureContext } from './client-action.js';
import type { RetryRule, Taxonomy } from './taxonomy.js';
import { DEFAULT_RETRY_TABLE } from './default-retry-table.js';

const CONTEXT_KEYS = [
  'kind',
  'transient',
  'sideEffectMayHaveOccurred',
  'userActionRequired',
  'failureClass',
] as const;

/**
 * The action the project's policy requires for a failure context: the first row of the retry table
 * whose `when` fields all equal the context's. The table ends with the default policy, so some row
 * always matches.
 */
export function expectedAction(taxonomy: Taxonomy, context: FailureContext): ClientAction {
  for (const row of taxonomy.retryTable) {
    if (matches(row, context)) return row.action;
  }
  // Only reachable for a hand-built taxonomy whose table lacks the catch-all row.
  return fallback(context);
}

/** True when every field `row.when` names has the same value in `context`. */
export function matches(row: RetryRule, context: FailureContext): boolean {
  for (const key of CONTEXT_KEYS) {
    const wanted = row.when[key];
    if (wanted !== undefined && context[key] !== wanted) return false;
  }
  return true;
}

function fallback(context: FailureContext): ClientAction {
  for (const row of DEFAULT_RETRY_TABLE) {
    if (matches(row, context)) return row.action;
  }
  return 'show-tool-error';
}
