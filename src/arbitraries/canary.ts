import * as fc from 'fast-check';
import { ConfigError } from '../errors.js';
import { CANARY_ALPHABET, CANARY_MIN_BODY_LENGTH, formatCanary } from '../oracle/leak-patterns.js';
import { constraintsObject, RECEIVED } from './internal/validate-constraints.js';
import { describeValue } from '../envelope/describe-value.js';

/** Constraints of {@link canary}. */
export interface CanaryConstraints {
  /** Shortest body after `CANARY-`; default and lower bound 8 (what `CANARY_PATTERN` needs). */
  readonly minBodyLength?: number;
  /** Longest body after `CANARY-`; default 24. */
  readonly maxBodyLength?: number;
}

const DEFAULT_MAX_BODY_LENGTH = 24;

/**
 * Arbitrary canary secrets: `CANARY-` and a body of ASCII letters and digits, every value
 * matching `CANARY_PATTERN`, which the leak assertions detect by default. Plant them in fixtures
 * (or in `context.canaries`) and assert that no envelope ever carries one (`sanitize.leak`).
 */
export function canary(constraints?: CanaryConstraints): fc.Arbitrary<string> {
  const api = 'canary';
  const given = constraintsObject(api, constraints);
  const min = given.minBodyLength ?? CANARY_MIN_BODY_LENGTH;
  const max = given.maxBodyLength ?? Math.max(min, DEFAULT_MAX_BODY_LENGTH);
  if (!Number.isInteger(min) || min < CANARY_MIN_BODY_LENGTH) {
    throw new ConfigError(
      `${api}: constraints.minBodyLength should be an integer of at least ${CANARY_MIN_BODY_LENGTH}, received ${describeValue(min, RECEIVED)}. Shorter bodies do not match CANARY_PATTERN.`,
    );
  }
  if (!Number.isInteger(max) || max < min) {
    throw new ConfigError(
      `${api}: constraints.maxBodyLength should be an integer of at least minBodyLength (${min}), received ${describeValue(max, RECEIVED)}. Raise it or leave it out.`,
    );
  }
  const unit = fc.constantFrom(...Array.from(CANARY_ALPHABET));
  return fc.string({ unit, minLength: min, maxLength: max }).map(formatCanary);
}
