// Request/response bookkeeping for the transport taps: which requests are in flight in each
// direction, so a response's site knows its request's method and the other in-flight ids.
import { isJsonObject, type JsonRpcId } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';

export type Direction = 'in' | 'out';

/** A message's site: the label that names it in its key, and what the tap knows about it. */
export interface FlowSite {
  readonly label: string;
  readonly check: CheckContext;
}

export interface MessageFlow {
  /** Names the message and notes it; call before the message is tapped. */
  site(direction: Direction, message: unknown): FlowSite;
}

/** JSON-RPC 2.0 §4: a request has a method and an id; a response (§5) has an id and no method. */
export function createMessageFlow(): MessageFlow {
  // Requests that travelled in a direction and still wait for their response.
  const pending: Record<Direction, Map<JsonRpcId, string>> = { in: new Map(), out: new Map() };
  return {
    site(direction, message) {
      if (!isJsonObject(message)) return { label: `${direction}:invalid`, check: {} };
      const method = message['method'];
      const id = message['id'] as JsonRpcId | undefined;
      if (typeof method === 'string') {
        if (id !== undefined) pending[direction].set(id, method);
        // MCP 2025-11-25, cancellation: the sender of a request it gave up on (a timeout, an
        // abort) says so; no response will settle it, so it is no longer in flight.
        const params = message['params'];
        if (method === 'notifications/cancelled' && isJsonObject(params))
          pending[direction].delete(params['requestId'] as JsonRpcId);
        return { label: `${direction}:${method}`, check: { method } };
      }
      // A response answers a request that travelled the other way.
      const requests = pending[direction === 'in' ? 'out' : 'in'];
      const requestMethod = id === undefined ? undefined : requests.get(id);
      if (id !== undefined) requests.delete(id);
      const inFlightIds = [...requests.keys()];
      const check: CheckContext = {
        ...(id === undefined ? {} : { requestId: id }),
        ...(requestMethod === undefined ? {} : { method: requestMethod }),
        ...(inFlightIds.length === 0 ? {} : { inFlightIds }),
      };
      return { label: `${direction}:${requestMethod ?? 'response'}`, check };
    },
  };
}
