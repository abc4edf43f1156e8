import {
  type CardProvider,
  type Charge,
  type ChargeRequest,
  ProviderError,
  ProviderTimeoutError,
} from './card-provider.js';

/** How the next charge attempt ends. `timeout` records the charge, then fails to say so. */
export type ScriptedFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'upstream'; readonly status: number; readonly rawBody: string };

/** A {@link CardProvider} held in memory, whose next charges can be made to fail. */
export interface FakeCardProvider extends CardProvider {
  failNext(failure: ScriptedFailure): void;
}

/**
 * An in-memory provider for the demo and the tests. Charges are idempotent by key, as a real
 * payment API's are: charging the same key twice returns the first charge.
 */
export function createFakeCardProvider(): FakeCardProvider {
  const charges = new Map<string, Charge>();
  const script: ScriptedFailure[] = [];
  const record = (request: ChargeRequest): Charge => {
    const existing = charges.get(request.idempotencyKey);
    if (existing !== undefined) return existing;
    const chargeId = `ch_${String(charges.size + 1).padStart(4, '0')}`;
    const charge = {
      chargeId,
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
    };
    charges.set(request.idempotencyKey, charge);
    return charge;
  };
  return {
    failNext: (failure) => void script.push(failure),
    findCharge: (idempotencyKey) => Promise.resolve(charges.get(idempotencyKey)),
    charge: (request) => {
      const failure = script.shift();
      if (failure?.kind === 'upstream') {
        return Promise.reject(new ProviderError(failure.status, failure.rawBody));
      }
      const charge = record(request);
      if (failure?.kind === 'timeout') {
        // The side effect happened; only its acknowledgement was lost.
        return Promise.reject(new ProviderTimeoutError(`no answer for ${request.idempotencyKey}`));
      }
      return Promise.resolve(charge);
    },
  };
}
