import * as fc from 'fast-check';

/**
 * Plain words only: generated prose must never look like a secret, a stack frame, a path or a
 * provider body, or valid envelopes would break `sanitize.leak` by accident.
 */
export const SAFE_WORDS = [
  'account',
  'not',
  'eligible',
  'order',
  'shipped',
  'weather',
  'sunny',
  'later',
  'date',
  'quota',
  'reached',
  'the',
  'value',
  'must',
  'be',
  'positive',
  'report',
  'ready',
  'count',
  'items',
  'unknown',
  'tool',
  'invalid',
  'params',
  'missing',
  'field',
  'done',
  'search',
] as const;

/** One plain word. */
export function safeWord(): fc.Arbitrary<string> {
  return fc.constantFrom(...SAFE_WORDS);
}

/** A short sentence of plain words, never empty. */
export function safeText(): fc.Arbitrary<string> {
  return fc.array(safeWord(), { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
}
