import type { Mutator } from '../src/mutant/mutator.js';
import { changeId } from './change-id.js';
import { flipRetryability } from './flip-retryability.js';
import { insertBothMembers } from './insert-both-members.js';
import { leakCanary } from './leak-canary.js';
import { removeIsError } from './remove-is-error.js';
import { swapErrorResult } from './swap-error-result.js';

export {
  changeId,
  flipRetryability,
  insertBothMembers,
  leakCanary,
  removeIsError,
  swapErrorResult,
};

/** The catalogue, in DESIGN.md order: the six of the mission first. */
export const allMutators: readonly Mutator[] = [
  swapErrorResult,
  removeIsError,
  changeId,
  insertBothMembers,
  leakCanary,
  flipRetryability,
];
