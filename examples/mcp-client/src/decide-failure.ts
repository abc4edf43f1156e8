import { type ClientAction, type FailureContext, classifyFailure } from './classify-failure.js';
import { type DecodedFailure, failureContextOf } from './failure-context.js';
import type { RequestId } from './in-flight.js';

/** A retry's identity: a new request id, linked to the attempt it repeats. */
export interface AttemptRecord {
  readonly requestId: RequestId;
  readonly previousRequestId: RequestId;
}

/** What the client decided about one failure, and why. */
export interface Decision {
  readonly action: ClientAction;
  readonly context: FailureContext;
  /** Present when the action is a retry: the attempt it will send. */
  readonly attempt?: AttemptRecord;
}

/** Options of {@link decideFailure}. */
export interface DecideOptions {
  /** Mints the id of a new request. A retry never reuses the failed request's id. */
  readonly nextRequestId: () => RequestId;
  /** Attempts allowed in all, the first included (default 3). Past it, the failure is shown. */
  readonly maxAttempts?: number;
}

/**
 * The client's decision for a failure. A retry is a new JSON-RPC request: it gets a fresh id and
 * records the attempt it repeats, so a reviewer can tell recovery from looping.
 */
export function decideFailure(failure: DecodedFailure, options: DecideOptions): Decision {
  const context = failureContextOf(failure);
  const action = classifyFailure(context);
  const request = failure.request;
  if (action !== 'retry-bounded' || request === undefined) return { action, context };
  // The budget: a transient failure that keeps failing is shown, not retried forever.
  if (request.attempt >= (options.maxAttempts ?? 3)) return { action: 'show-tool-error', context };
  const attempt = {
    requestId: options.nextRequestId(),
    previousRequestId: request.requestId,
  };
  return { action, context, attempt };
}
