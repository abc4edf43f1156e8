import type { ClientAction, Decision, FailureContext } from '../taxonomy/client-action.js';
import { activeTapState, observeSite } from './tap-state.js';

/**
 * Marks a site where the client decides how to react to a failure (docs/design.md "Client failure
 * policy": stop, retry, ask, reconcile, show). Outside a mutation run it returns its input; during
 * one, the active mutant of the decision. `key` is an optional stable site key (default
 * `<test id>#decision#<ordinal>`).
 *
 * With an action and its context it returns the (possibly mutated) action; with a whole
 * `Decision` (for instance one carrying an attempt record) the (possibly mutated) decision.
 */
export function tapDecision(
  action: ClientAction,
  context: FailureContext,
  key?: string,
): ClientAction;
export function tapDecision(decision: Decision, key?: string): Decision;
export function tapDecision(
  first: ClientAction | Decision,
  second?: FailureContext | string,
  third?: string,
): ClientAction | Decision {
  const state = activeTapState();
  if (state === undefined) return first;
  if (typeof first === 'string') {
    const context = second as FailureContext;
    const decision: Decision = { action: first, context };
    return observeSite(state, 'decision', decision, { key: third, label: 'decision', check: {} })
      .action;
  }
  const key = typeof second === 'string' ? second : undefined;
  return observeSite(state, 'decision', first, { key, label: 'decision', check: {} });
}
