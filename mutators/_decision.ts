import { isJsonObject } from '../src/envelope/json-value.js';
import type { Variant } from '../src/mutant/mutator.js';
import { type ClientAction, type Decision, isClientAction } from '../src/taxonomy/client-action.js';
import { distinct, variantAt } from './_variants.js';

/** The target as a client decision (src/taxonomy/client-action.ts), or `undefined`. */
export function decisionOf(target: unknown): Decision | undefined {
  if (!isJsonObject(target) || !isClientAction(target['action'])) return undefined;
  const context = target['context'];
  if (!isJsonObject(context)) return undefined;
  if (context['kind'] !== 'protocol' && context['kind'] !== 'tool') return undefined;
  return target as unknown as Decision;
}

/**
 * The `mutate` of a mutator that changes the client's action: the `candidates` of a decision,
 * each distinct from it and from one another; nothing for a target that is no decision.
 */
export function decisionMutate(
  candidates: (decision: Decision) => Iterable<Variant>,
): (target: unknown) => Generator<Variant> {
  return function* mutate(target) {
    const decision = decisionOf(target);
    if (decision === undefined) return;
    yield* distinct(target, candidates(decision));
  };
}

/** The decision with another action, `taken → action`, and why when a reason is given. */
export function actionVariant(decision: Decision, action: ClientAction, why?: string): Variant {
  const text = `${decision.action} → ${action}`;
  return variantAt(decision, ['action'], action, why === undefined ? text : `${text} (${why})`);
}
