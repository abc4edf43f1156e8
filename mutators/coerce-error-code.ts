import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { errorOf, has } from './_envelope.js';
import { show } from './_show.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Breaks the error object's shape (JSON-RPC 2.0 §5.1: `code` MUST be an integer, `message` MUST
 * be a string): the code as a string (`"-32602"`), as a fraction (`-32602.5`), and the message
 * dropped. A lenient decoder that coerces them hides a serializer defect.
 */
export const coerceErrorCode: Mutator<'coerce-error-code'> = {
  name: 'coerce-error-code',
  description: 'Turns error.code into a string or a fraction, or drops error.message.',
  layer: 'protocol',
  target: 'envelope',
  expectedKillers: ['jsonrpc.error-shape'],
  version: 1,
  *mutate(target) {
    const error = errorOf(target);
    if (error === undefined) return;
    yield* distinct(target, candidates(target, error));
  },
};

function* candidates(
  target: unknown,
  error: Readonly<Record<string, unknown>>,
): Generator<Variant> {
  const code = error['code'];
  if (typeof code === 'number' && Number.isFinite(code)) {
    yield codeVariant(target, code, String(code));
    yield codeVariant(target, code, Math.trunc(code) - 0.5);
  }
  if (has(error, 'message')) {
    yield variantAt(target, ['error', 'message'], undefined, 'error.message → absent');
  }
}

function codeVariant(target: unknown, code: number, next: string | number): Variant {
  return variantAt(target, ['error', 'code'], next, `code ${code} → ${show(next)}`);
}
