import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { type FailureContext, isClientAction } from '../../taxonomy/client-action.js';
import { expectedAction } from '../../taxonomy/expected-action.js';
import type { Taxonomy } from '../../taxonomy/taxonomy.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

const BOOLEAN_FIELDS = ['transient', 'sideEffectMayHaveOccurred', 'userActionRequired'] as const;

/**
 * `policy.action`: the client's decision is the action the project's retry table (ending with seed
 * 000 `classifyFailure`) requires for the decision's failure context. A decision that is not
 * `{action, context}` is reported here rather than thrown: decision sites may be fuzzed.
 */
export function policyAction(decision: unknown, taxonomy: Taxonomy, out: Violation[]): void {
  if (!isJsonObject(decision)) {
    out.push(
      violation(
        'policy.action',
        [],
        'a decision {action, context}',
        describeValue(decision),
        'decision',
      ),
    );
    return;
  }
  const context = readFailureContext(decision['context']);
  if (context === null) {
    const received = hasMember(decision, 'context') ? describeValue(decision['context']) : 'none';
    out.push(
      violation(
        'policy.action',
        ['context'],
        'a FailureContext {kind, transient, sideEffectMayHaveOccurred, userActionRequired}',
        received,
        'decision',
      ),
    );
    return;
  }
  const action = decision['action'];
  const wanted = expectedAction(taxonomy, context);
  if (!isClientAction(action)) {
    out.push(
      violation(
        'policy.action',
        ['action'],
        `the client action ${wanted}`,
        describeValue(action),
        'decision',
      ),
    );
  } else if (action !== wanted) {
    out.push(
      violation(
        'policy.action',
        ['action'],
        `${wanted} for ${describeContext(context)}`,
        action,
        'decision',
      ),
    );
  }
}

/**
 * The FailureContext in `value`, or `null` when a field is missing or mistyped.
 *
 * @internal
 */
export function readFailureContext(value: unknown): FailureContext | null {
  if (!isJsonObject(value)) return null;
  if (value['kind'] !== 'protocol' && value['kind'] !== 'tool') return null;
  if (!BOOLEAN_FIELDS.every((field) => typeof value[field] === 'boolean')) return null;
  const failureClass = value['failureClass'];
  if (failureClass !== undefined && typeof failureClass !== 'string') return null;
  return value as unknown as FailureContext;
}

/** `a tool failure (transient, side effect possible)`. */
export function describeContext(context: FailureContext): string {
  const flags = [
    context.transient ? 'transient' : '',
    context.sideEffectMayHaveOccurred ? 'side effect possible' : '',
    context.userActionRequired ? 'user action required' : '',
    context.failureClass === undefined ? '' : `class ${context.failureClass}`,
  ].filter((flag) => flag !== '');
  return `a ${context.kind} failure${flags.length === 0 ? '' : ` (${flags.join(', ')})`}`;
}
