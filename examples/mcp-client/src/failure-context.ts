import type { FailureContext } from './classify-failure.js';
import type { DecodedInvalid, DecodedProtocolError, DecodedToolError } from './decoded-response.js';

/** A decoded response that is a failure of some kind. */
export type DecodedFailure = DecodedProtocolError | DecodedToolError | DecodedInvalid;

const NONE = { transient: false, sideEffectMayHaveOccurred: false, userActionRequired: false };

/**
 * What the client knows about a failure, from stable fields only: the layer, the server's
 * failure category, and whether the request could change the outside world. Never from prose.
 */
export function failureContextOf(failure: DecodedFailure): FailureContext {
  if (failure.kind === 'protocol-error') {
    // A JSON-RPC error: the request was not processed, so nothing happened remotely.
    return { kind: 'protocol', ...NONE };
  }
  if (failure.kind === 'invalid') {
    // A garbled answer says nothing about what happened: a side effect may have.
    const sideEffectMayHaveOccurred = failure.request?.sideEffecting ?? false;
    return { kind: 'protocol', ...NONE, sideEffectMayHaveOccurred };
  }
  return { kind: 'tool', ..._byCategory(failure.category) };
}

function _byCategory(category: string | undefined): Omit<FailureContext, 'kind'> {
  switch (category) {
    case 'outcome-unknown':
      return { ...NONE, transient: true, sideEffectMayHaveOccurred: true };
    case 'provider-unavailable':
      return { ...NONE, transient: true };
    case 'not-eligible':
    case 'account-not-found':
      return { ...NONE, userActionRequired: true };
    default:
      // invalid-arguments, internal, or a category this client does not know: the model reads it.
      return NONE;
  }
}
