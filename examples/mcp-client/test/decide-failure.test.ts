import { type Decision, tapDecision } from 'envelope-mutants';
import { expectAction } from 'envelope-mutants/vitest';
import { describe, expect, it } from 'vitest';
import {
  type ClientAction,
  createInFlightRequests,
  decideFailure,
  decodeResponse,
} from '../src/index.js';
import { type FixtureName, fixture, inFlightTable } from './wire.js';

/**
 * Decodes a fixture as committed (the decoder's own suite mutates the wire) and decides. The
 * decision comes back through the tap, typed as the library's `Decision`.
 */
function decide(name: FixtureName, nextId = 50): Decision {
  const decoded = decodeResponse(fixture(name), inFlightTable());
  if (decoded.kind === 'success') throw new Error(`${name} is no failure`);
  // The decision is a tap site: a mutation run swaps in a wrong action or a reused attempt id.
  return tapDecision(decideFailure(decoded, { nextRequestId: () => nextId }));
}

describe('decideFailure', () => {
  it.each<[FixtureName, ClientAction]>([
    ['protocol-error', 'stop-protocol'],
    ['unknown-code', 'stop-protocol'],
    ['invalid-content', 'stop-protocol'],
    ['tool-error', 'ask-user'],
    ['outcome-unknown', 'reconcile-side-effect'],
    ['both-members', 'reconcile-side-effect'],
  ])('should answer %s with %s and no retry', (name, action) => {
    const decision = decide(name);

    expectAction(decision, action);
    expect(decision.attempt, 'policy.attempt').toBeUndefined();
  });

  it('should retry a transient provider failure under a new request id linked to the failed one', () => {
    const decision = decide('provider-unavailable', 50);

    expectAction(decision, 'retry-bounded');
    expect(decision.attempt?.requestId, 'policy.attempt').toBe(50);
    expect(decision.attempt?.previousRequestId, 'policy.attempt').toBe(49);
  });

  it('should show, not retry, a transient failure once the attempt budget is spent', () => {
    const inFlight = createInFlightRequests();
    inFlight.track({
      requestId: 49,
      method: 'tools/call',
      toolName: 'charge_card',
      sideEffecting: true,
      attempt: 3,
      previousRequestId: 48,
    });
    const decoded = decodeResponse(fixture('provider-unavailable'), inFlight);
    if (decoded.kind === 'success') throw new Error('provider-unavailable is no failure');

    const decision = tapDecision(decideFailure(decoded, { nextRequestId: () => 50 }));

    expectAction(decision, 'show-tool-error');
    expect(decision.attempt, 'policy.attempt').toBeUndefined();
  });
});
