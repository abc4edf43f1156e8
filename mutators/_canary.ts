import fc from 'fast-check';
import type { MutatorContext } from '../src/mutant/mutator.js';
import { _draw } from './_draw.js';

/**
 * The secret a leak mutator plants: one of the project's canaries (config `canaries`) when it has
 * some, else a generated value of the shape the library's leak assertions detect by default.
 */
export function _canaryFor(context: MutatorContext): string {
  const own = context.canaries.filter((canary) => typeof canary === 'string' && canary !== '');
  const arbitrary = own.length > 0 ? fc.constantFrom(...own) : _generatedCanary();
  return _draw(arbitrary, context.seed, 1)[0] ?? 'EM_CANARY_0000000000000000';
}

function _generatedCanary(): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 16, maxLength: 16 })
    .map((digits) => `EM_CANARY_${digits.join('')}`);
}
