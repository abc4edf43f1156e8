import {
  createInFlightRequests,
  decideFailure,
  decodeResponse,
  type DecodedResponse,
} from '../../examples/mcp-client/src/index.js';
import type { DecodedOutcome, Decoder, RequestId } from '../../src/fuzz/decoder.js';
import { tapDecision } from '../../src/taps/tap-decision.js';

/**
 * examples/mcp-client as the fuzzer drives it: its inbound decoder (`decodeResponse`) and, for
 * every failure, its failure policy (`decideFailure`) tapped with `tapDecision` as its own suite
 * taps it. A `tools/call` is side-effecting, so a garbled answer to it is reconciled.
 */
export function mcpClientDecoder(): Decoder {
  return {
    name: 'examples/mcp-client',
    sanitizes: false,
    createSession: () => {
      const inFlight = createInFlightRequests();
      const outcomes = new Map<RequestId, DecodedOutcome>();
      let nextId = 1_000;
      return {
        request: (id, method) => {
          inFlight.track({
            requestId: id,
            method,
            sideEffecting: method === 'tools/call',
            attempt: 1,
          });
        },
        receive: (envelope) => {
          const decoded = decodeResponse(envelope.value ?? parse(envelope.text), inFlight);
          const request = decoded.request;
          if (request === undefined) return;
          outcomes.set(request.requestId, outcome(decoded));
          if (decoded.kind !== 'success') {
            tapDecision(decideFailure(decoded, { nextRequestId: () => nextId++ }));
          }
        },
        outcome: (id) => outcomes.get(id) ?? { kind: 'pending' },
      };
    },
  };
}

function outcome(decoded: DecodedResponse): DecodedOutcome {
  switch (decoded.kind) {
    case 'protocol-error':
      return { kind: 'protocol-error', code: decoded.code };
    case 'tool-error':
      return { kind: 'tool-error', modelFacing: decoded.text };
    default:
      return { kind: decoded.kind };
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
