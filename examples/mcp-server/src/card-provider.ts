/** What the server asks the card provider to do. The idempotency key names the operation. */
export interface ChargeRequest {
  readonly accountId: string;
  readonly amountCents: number;
  readonly idempotencyKey: string;
}

/** A charge the provider has recorded. */
export interface Charge {
  readonly chargeId: string;
  readonly idempotencyKey: string;
  readonly amountCents: number;
}

/** The upstream payment API. Its errors carry raw provider text that must never reach a client. */
export interface CardProvider {
  charge(request: ChargeRequest): Promise<Charge>;
  /** The charge recorded under this key, if any: how an unknown outcome gets reconciled. */
  findCharge(idempotencyKey: string): Promise<Charge | undefined>;
}

/**
 * The provider did not answer in time. The charge may or may not have been recorded: the outcome
 * is unknown until {@link CardProvider.findCharge} says otherwise.
 */
export class ProviderTimeoutError extends Error {
  override readonly name = 'ProviderTimeoutError';
}

/** The provider answered with a failure. `rawBody` is the upstream body, secrets and all. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly status: number,
    readonly rawBody: string,
  ) {
    super(`card provider answered ${status}: ${rawBody}`);
  }
}
