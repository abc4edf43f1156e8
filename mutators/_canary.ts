import fc from 'fast-check';
import type { MutatorContext } from '../src/mutant/mutator.js';
import { CANARY_ALPHABET, formatCanary } from '../src/oracle/leak-patterns.js';
import { draw } from './_draw.js';

/** Body length of a generated canary: above the pattern's minimum, short enough for reports. */
const BODY_LENGTH = 12;

/**
 * The secret a leak mutator plants: one of the project's canaries (config `canaries`) when it has
 * some, else a generated value matching `CANARY_PATTERN`, which the library's leak assertions
 * detect by default.
 */
export function canaryFor(context: MutatorContext): string {
  const own = context.canaries.filter((canary) => typeof canary === 'string' && canary !== '');
  const arbitrary = own.length > 0 ? fc.constantFrom(...own) : generatedCanary();
  return draw(arbitrary, context.seed, 1)[0] ?? formatCanary('0'.repeat(BODY_LENGTH));
}

function generatedCanary(): fc.Arbitrary<string> {
  const unit = fc.constantFrom(...Array.from(CANARY_ALPHABET));
  return fc.string({ unit, minLength: BODY_LENGTH, maxLength: BODY_LENGTH }).map(formatCanary);
}
