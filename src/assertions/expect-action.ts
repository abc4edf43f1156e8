import type { ClientAction, FailureContext } from '../taxonomy/client-action.js';
import { type ActualAction, assessAction } from './assess-action.js';
import type { ActionExpectationOptions } from './envelope-expectation-context.js';
import { formatFailure } from './format-failure.js';
import { NamedAssertionError } from './named-assertion-error.js';

/**
 * Asserts the client's decision (docs/design.md "Rules": `policy.action`, `policy.attempt`).
 * `actual` is the action, or the whole `Decision` (then a retry's attempt record is checked too).
 * `expected` is the action the test requires, or the `FailureContext` from which the taxonomy's
 * retry table (by default `classifyFailure`, docs/design.md "Client failure policy") derives it.
 * Throws a {@link NamedAssertionError}: `[policy.action] Expected "reconcile-side-effect" but
 * received "retry-bounded" for context {…}`.
 *
 * @example
 * expectAction(decision, { kind: 'tool', transient: true, sideEffectMayHaveOccurred: true, userActionRequired: false });
 */
export function expectAction(
  actual: ActualAction,
  expected: ClientAction | FailureContext,
  options: ActionExpectationOptions = {},
): void {
  const [first, ...rest] = assessAction(actual, expected, options);
  if (first === undefined) return;
  throw new NamedAssertionError(formatFailure([first, ...rest], {}), [first, ...rest]);
}
