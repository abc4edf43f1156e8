import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { _errorOf, _has } from './_envelope.js';
import { _show } from './_show.js';
import { _distinct, _variantAt } from './_variants.js';

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
    const error = _errorOf(target);
    if (error === undefined) return;
    yield* _distinct(target, _candidates(target, error));
  },
};

function* _candidates(
  target: unknown,
  error: Readonly<Record<string, unknown>>,
): Generator<Variant> {
  const code = error['code'];
  if (typeof code === 'number' && Number.isFinite(code)) {
    yield _code(target, code, String(code));
    yield _code(target, code, Math.trunc(code) - 0.5);
  }
  if (_has(error, 'message')) {
    yield _variantAt(target, ['error', 'message'], undefined, 'error.message → absent');
  }
}

function _code(target: unknown, code: number, next: string | number): Variant {
  return _variantAt(target, ['error', 'code'], next, `code ${code} → ${_show(next)}`);
}
