import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import { checkDecision } from '../oracle/check-decision.js';
import { readFailureContext } from '../oracle/rules/policy-action.js';
import type { Violation } from '../oracle/violation.js';
import { describeValue } from '../oracle/violation-message.js';
import {
  CLIENT_ACTIONS,
  type ClientAction,
  type Decision,
  type FailureContext,
  isClientAction,
} from '../taxonomy/client-action.js';
import { expectedAction } from '../taxonomy/expected-action.js';
import type { ActionExpectationOptions } from './envelope-expectation-context.js';
import { taxonomyOf } from './envelope-expectation-context.js';

/**
 * The violations of a client decision: `policy.action` when the action is not the expected one
 * (given directly, or the one the taxonomy's retry table requires for a failure context), then
 * `policy.attempt` when `actual` is a retry `Decision` recording its attempt. Empty when it holds.
 */
export function assessAction(
  actual: unknown,
  expected: ClientAction | FailureContext,
  options: ActionExpectationOptions = {},
): readonly Violation[] {
  const decision = isJsonObject(actual) ? actual : null;
  const action = decision === null ? actual : decision['action'];
  const decisionContext = decision === null ? null : readFailureContext(decision['context']);
  const [wanted, context] = wantedAction(expected, decisionContext, options);
  const out: Violation[] = [];
  if (action !== wanted) {
    const shown = isClientAction(action) ? `"${action}"` : describeValue(action);
    const why = context === null ? '' : ` for context ${JSON.stringify(context)}`;
    out.push({
      rule: 'policy.action',
      path: decision === null ? [] : ['action'],
      message: `Expected "${wanted}" but received ${shown}${why}`,
    });
  }
  if (decision !== null) {
    const attempt = checkDecision(decision, taxonomyOf(options));
    out.push(...attempt.filter((violation) => violation.rule === 'policy.attempt'));
  }
  return out;
}

/** The expected action and the context it is judged in (shown in the message). */
function wantedAction(
  expected: unknown,
  decisionContext: FailureContext | null,
  options: ActionExpectationOptions,
): readonly [ClientAction, FailureContext | null] {
  if (isClientAction(expected)) return [expected, decisionContext];
  const context = readFailureContext(expected);
  if (context === null) {
    throw new ConfigError(
      `expectAction: expected a client action (${CLIENT_ACTIONS.join(', ')}) or a FailureContext {kind, transient, sideEffectMayHaveOccurred, userActionRequired} but received ${describeValue(expected)}. Pass the action the policy requires, or the failure context to derive it from.`,
    );
  }
  return [expectedAction(taxonomyOf(options), context), context];
}

/** A value `expectAction` accepts as what the client did. */
export type ActualAction = ClientAction | Decision;
