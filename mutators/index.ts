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
};

/**
 * The catalogue, one flat list (docs/design.md "Mutators"): the six essential mutations first, then
 * the ones every serious taxonomy needs. Reports, `--mutators` and the `mutators` command use it.
 */
export const allMutators: readonly Mutator[] = [
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
];

/**
 * The harmless mutators (docs/design.md "Vocabulary"): changes the profile allows, so a suite
 * should stay green on them. Not in `allMutators` and never run by default: a run makes their
 * mutants only when `mutators` (or `--mutators`) names them, so default runs and their scores do
 * not change. A suite that fails on one of their mutants is Brittle there.
 */
export const harmlessMutators: readonly Mutator[] = [rewordMessage, addExtensionMember];
