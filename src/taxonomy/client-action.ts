import type { JsonRpcId } from '../envelope/json-value.js';

/** The client's reaction to a failure (docs/design.md "Client failure policy"). */
export const CLIENT_ACTIONS = [
  'stop-protocol',
  'retry-bounded',
  'ask-user',
  'reconcile-side-effect',
  'show-tool-error',
] as const;

export type ClientAction = (typeof CLIENT_ACTIONS)[number];

/** What the client knows of a failure when it decides (docs/design.md "Client failure policy"). */
export interface FailureContext {
  readonly kind: 'protocol' | 'tool';
  readonly transient: boolean;
  readonly sideEffectMayHaveOccurred: boolean;
  readonly userActionRequired: boolean;
  /** Optional failure class from the taxonomy, for projects whose retry table is keyed by class. */
  readonly failureClass?: string;
}

/** Attempt identity: a retry gets a new request id and links to the attempt it repeats. */
export interface AttemptRecord {
  readonly requestId: JsonRpcId;
  readonly previousRequestId?: JsonRpcId;
}

/** A decision site's value: what the client decided, in which context, and (for a retry) the attempt. */
export interface Decision {
  readonly action: ClientAction;
  readonly context: FailureContext;
  readonly attempt?: AttemptRecord;
}

export function isClientAction(value: unknown): value is ClientAction {
  return typeof value === 'string' && (CLIENT_ACTIONS as readonly string[]).includes(value);
}
