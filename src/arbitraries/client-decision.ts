import * as fc from 'fast-check';
import { ConfigError } from '../errors.js';
import type { JsonRpcId } from '../envelope/json-value.js';
import {
  CLIENT_ACTIONS,
  type ClientAction,
  type Decision,
  type FailureContext,
} from '../taxonomy/client-action.js';
import { expectedAction } from '../taxonomy/expected-action.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { jsonRpcId } from './json-rpc-id.js';
import { type EnvelopeConstraints, envelopeTaxonomy } from './internal/envelope-taxonomy.js';
import { constraintsObject, nonEmptySubset } from './internal/validate-constraints.js';

/** Constraints of {@link clientDecision}. */
export interface ClientDecisionConstraints extends EnvelopeConstraints {
  /**
   * Only decisions that take one of these actions, e.g. `["retry-bounded"]` for retries alone.
   * Default: every action. An action the taxonomy's retry table never requires is a ConfigError.
   */
  readonly actions?: readonly ClientAction[];
}

/**
 * Arbitrary correct client decisions: a failure context and the action the taxonomy's retry table
 * requires for it (first matching row), so `checkDecision` reports nothing. Contexts cover every
 * combination of the policy's facts, with and without a failure class of the matching layer (retry
 * tables may be keyed by class). A retry carries its attempt record: a request id of its own,
 * linked to the attempt it repeats (docs/design.md "Client failure policy").
 */
export function clientDecision(constraints?: ClientDecisionConstraints): fc.Arbitrary<Decision> {
  const api = 'clientDecision';
  const given = constraintsObject(api, constraints);
  const taxonomy = envelopeTaxonomy(api, given);
  const actions = nonEmptySubset(api, 'actions', given.actions ?? CLIENT_ACTIONS, CLIENT_ACTIONS);
  const wanted = (context: FailureContext) => actions.includes(expectedAction(taxonomy, context));
  const plain = seedContexts().filter(wanted);
  const classed = classedContexts(taxonomy).filter(wanted);
  if (plain.length + classed.length === 0) {
    throw new ConfigError(
      `${api}: no failure context makes the retry table of ${taxonomy.profile.name} require ${actions.join(' or ')}. Leave constraints.actions out, or add a row to taxonomy.retryTable.`,
    );
  }
  return decisions(taxonomy, plain, classed);
}

/** Every combination of the four facts of a failure context: 2 layers × 2 × 2 × 2. */
function seedContexts(): FailureContext[] {
  const flags = [false, true];
  return (['protocol', 'tool'] as const).flatMap((kind) =>
    flags.flatMap((transient) =>
      flags.flatMap((sideEffectMayHaveOccurred) =>
        flags.map((userActionRequired) => ({
          kind,
          transient,
          sideEffectMayHaveOccurred,
          userActionRequired,
        })),
      ),
    ),
  );
}

/** The seed contexts again, each with a failure class of the taxonomy reported at its layer. */
function classedContexts(taxonomy: Taxonomy): FailureContext[] {
  const classes = [...taxonomy.failureClasses.values()];
  return seedContexts().flatMap((context) =>
    classes
      .filter((rule) => rule.layer === context.kind)
      .map((rule) => ({ ...context, failureClass: rule.name })),
  );
}

function decisions(
  taxonomy: Taxonomy,
  plain: readonly FailureContext[],
  classed: readonly FailureContext[],
): fc.Arbitrary<Decision> {
  const pools = [plain, classed].filter((pool) => pool.length > 0);
  const contexts = fc.oneof(...pools.map((pool) => fc.constantFrom(...pool)));
  // Peers that normalize ids treat 1 and "1" as one id: the two attempts differ as strings too.
  const ids = fc.uniqueArray(jsonRpcId() as fc.Arbitrary<Exclude<JsonRpcId, null>>, {
    minLength: 2,
    maxLength: 2,
    selector: String,
  });
  return fc.tuple(contexts, ids).map(([context, [requestId, previousRequestId]]): Decision => {
    const action = expectedAction(taxonomy, context);
    if (action !== 'retry-bounded') return { action, context };
    return {
      action,
      context,
      attempt: { requestId: requestId ?? 0, previousRequestId: previousRequestId ?? 1 },
    };
  });
}
