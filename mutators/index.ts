import type { Mutator } from '../src/mutant/mutator.js';
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
import { stringifyIsError } from './stringify-is-error.js';
import { swapErrorResult } from './swap-error-result.js';
import { undocumentedCode } from './undocumented-code.js';

export {
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
  stringifyIsError,
  swapErrorResult,
  undocumentedCode,
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
];
