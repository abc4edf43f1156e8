import type { Mutator, Variant } from '../src/mutant/mutator.js';
import type { Decision } from '../src/taxonomy/client-action.js';
import { actionVariant, decisionMutate } from './_decision.js';

/**
 * Flips the client's decision the way real clients get it wrong (docs/design.md "Client failure
 * policy"): a side-effect uncertainty retried (a duplicated charge), a transient failure shown as
 * final, a protocol error handed to the model, a question for the user answered by retrying. One
 * variant per fact of the context that applies.
 */
export const flipRetryability: Mutator<'flip-retryability'> = {
  name: 'flip-retryability',
  description:
    'Flips a decision: side-effect uncertainty → retry, transient → show, protocol → model, ask-user → retry.',
  layer: 'decision',
  target: 'decision',
  expectedKillers: ['policy.action'],
  version: 1,
  mutate: decisionMutate(candidates),
};

// A context comes from the suite at run time: only a real `true` counts, whatever the types say.
/* eslint-disable @typescript-eslint/no-unnecessary-boolean-literal-compare */
function* candidates(decision: Decision): Generator<Variant> {
  const { context } = decision;
  if (context.sideEffectMayHaveOccurred === true) yield actionVariant(decision, 'retry-bounded');
  if (context.transient === true) yield actionVariant(decision, 'show-tool-error');
  if (context.kind === 'protocol') yield actionVariant(decision, 'show-tool-error');
  if (context.userActionRequired === true) yield actionVariant(decision, 'retry-bounded');
}
/* eslint-enable @typescript-eslint/no-unnecessary-boolean-literal-compare */
