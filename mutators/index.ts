import type { Mutator } from '../src/mutant/mutator.js';
import { addExtensionMember } from './add-extension-member.js';
import { changeId } from './change-id.js';
import { coerceErrorCode } from './coerce-error-code.js';
import { corruptVersion } from './corrupt-version.js';
import { demoteProtocolError } from './demote-protocol-error.js';
import { dropBothMembers } from './drop-both-members.js';
import { dropResultType } from './drop-result-type.js';
import { emptyErrorContent } from './empty-error-content.js';
import { fabricateStructuredContent } from './fabricate-structured-content.js';
import { flipRetryability } from './flip-retryability.js';
import { insertBothMembers } from './insert-both-members.js';
import { leakCanary } from './leak-canary.js';
import { leakInternals } from './leak-internals.js';
import { promoteToolError } from './promote-tool-error.js';
import { removeIsError } from './remove-is-error.js';
import { reorderMembers } from './reorder-members.js';
import { reformatJsonText } from './reformat-json-text.js';
import { renumberRequestId } from './renumber-request-id.js';
import { reuseAttemptId } from './reuse-attempt-id.js';
import { rewordMessage } from './reword-message.js';
import { stringifyIsError } from './stringify-is-error.js';
import { swapErrorResult } from './swap-error-result.js';
import { undocumentedCode } from './undocumented-code.js';
import { authFailureAsToolError } from './auth-failure-as-tool-error.js';
import { authFailureAsSuccess } from './auth-failure-as-success.js';
import { authFailureAsProtocolError } from './auth-failure-as-protocol-error.js';
import { dropScopeChallenge } from './drop-scope-challenge.js';
import { swapAuthStatus } from './swap-auth-status.js';
import { changeErrorStatus } from './change-error-status.js';
import { leakChallengeCanary } from './leak-challenge-canary.js';
import { injectInstructions } from './inject-instructions.js';
import { changeAcceptedResponse } from './change-accepted-response.js';
import { serveForeignOrigin } from './serve-foreign-origin.js';

export {
  addExtensionMember,
  changeId,
  coerceErrorCode,
  corruptVersion,
  demoteProtocolError,
  dropBothMembers,
  dropResultType,
  emptyErrorContent,
  fabricateStructuredContent,
  flipRetryability,
  insertBothMembers,
  leakCanary,
  leakInternals,
  promoteToolError,
  removeIsError,
  reorderMembers,
  reformatJsonText,
  renumberRequestId,
  reuseAttemptId,
  rewordMessage,
  stringifyIsError,
  swapErrorResult,
  undocumentedCode,
  authFailureAsToolError,
  authFailureAsSuccess,
  authFailureAsProtocolError,
  dropScopeChallenge,
  swapAuthStatus,
  changeErrorStatus,
  leakChallengeCanary,
  injectInstructions,
  changeAcceptedResponse,
  serveForeignOrigin,
};

/**
 * The default catalogue with each mutator's name as a literal type, so {@link MutatorName} is
 * derived from the list itself: a mutator added here is a name, with nothing else to update.
 */
const DEFAULT_MUTATORS = [
  swapErrorResult,
  removeIsError,
  changeId,
  insertBothMembers,
  leakCanary,
  flipRetryability,
  dropBothMembers,
  corruptVersion,
  undocumentedCode,
  coerceErrorCode,
  demoteProtocolError,
  promoteToolError,
  emptyErrorContent,
  stringifyIsError,
  fabricateStructuredContent,
  leakInternals,
  dropResultType,
  reuseAttemptId,
  authFailureAsToolError,
  authFailureAsSuccess,
  authFailureAsProtocolError,
  dropScopeChallenge,
  swapAuthStatus,
  changeErrorStatus,
  leakChallengeCanary,
  injectInstructions,
  changeAcceptedResponse,
  serveForeignOrigin,
] as const;

const HARMLESS_MUTATORS = [
  rewordMessage,
  addExtensionMember,
  reorderMembers,
  reformatJsonText,
  renumberRequestId,
] as const;

/** The name of a mutator of the catalogue, harmless ones included (`'swap-error-result'`, …). */
export type MutatorName =
  (typeof DEFAULT_MUTATORS)[number]['name'] | (typeof HARMLESS_MUTATORS)[number]['name'];

/**
 * The catalogue, one flat list (docs/design.md "Mutators"): the six essential mutations first, then
 * the ones every serious taxonomy needs. Reports, `--mutators` and the `mutators` command use it.
 */
export const allMutators: readonly Mutator[] = DEFAULT_MUTATORS;

/**
 * The harmless mutators (docs/design.md "Vocabulary"): changes the profile allows, so a suite
 * should stay green on them. Not in `allMutators` and never run by default: a run makes their
 * mutants only when `mutators` (or `--mutators`) names them, so default runs and their scores do
 * not change. A suite that fails on one of their mutants is Brittle there.
 */
export const harmlessMutators: readonly Mutator[] = HARMLESS_MUTATORS;

/** Every name of the catalogue: the default mutators in order, then the harmless ones. */
export const mutatorNames: readonly MutatorName[] = [...DEFAULT_MUTATORS, ...HARMLESS_MUTATORS].map(
  (mutator) => mutator.name,
);

const BY_NAME: ReadonlyMap<string, Mutator<MutatorName>> = new Map(
  [...DEFAULT_MUTATORS, ...HARMLESS_MUTATORS].map((mutator) => [mutator.name, mutator]),
);

/**
 * The one lookup of the catalogue: the mutator called `name` (harmless ones included), or
 * `undefined` for a name it does not hold. Names are matched exactly, as reports write them.
 */
export function mutatorNamed(name: string): Mutator<MutatorName> | undefined {
  return BY_NAME.get(name);
}

/** Whether `name` is the name of a mutator of the catalogue. */
export function isMutatorName(name: string): name is MutatorName {
  return mutatorNamed(name) !== undefined;
}
