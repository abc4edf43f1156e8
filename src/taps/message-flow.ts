// Request/response bookkeeping for the transport taps: which requests are in flight in each
// direction, so a response's site knows its request's method and the other in-flight ids.
import { isJsonObject, type JsonRpcId } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';

export type Direction = 'in' | 'out';

/** A message's site: the label that names it in its key, and what the tap knows about it. */
export interface FlowSite<R> {
  readonly label: string;
  readonly check: CheckContext;
  /** For a response: what `reserve` gave for it when its request travelled. */
  readonly reserved?: R;
}

export interface MessageFlow<R> {
  /**
   * Names the message and notes it; call before the message is tapped. For a request with an id,
   * `reserve` is called with the label its response will carry, and what it gives comes back
   * with that response.
   */
  site(direction: Direction, message: unknown, reserve?: (label: string) => R): FlowSite<R>;
  /** A request that never travelled (its transport threw on send): nothing will answer it. */
  forget(direction: Direction, message: unknown): void;
}

/** A request still waiting for its response. */
interface Pending<R> {
  readonly method: string;
  readonly reserved: R | undefined;
}

/** JSON-RPC 2.0 §4: a request has a method and an id; a response (§5) has an id and no method. */
export function createMessageFlow<R = never>(): MessageFlow<R> {
  // Requests that travelled in a direction and still wait for their response.
  const pending: Record<Direction, Map<JsonRpcId, Pending<R>>> = { in: new Map(), out: new Map() };
  return {
    site(direction, message, reserve) {
      if (!isJsonObject(message)) return { label: `${direction}:invalid`, check: {} };
      const method = message['method'];
      const id = message['id'] as JsonRpcId | undefined;
      if (typeof method === 'string') {
        if (id !== undefined) {
          const reserved = reserve?.(`${OPPOSITE[direction]}:${method}`);
          pending[direction].set(id, { method, reserved });
        }
        // MCP 2025-11-25, cancellation: the sender of a request it gave up on (a timeout, an
        // abort) says so; no response will settle it, so it is no longer in flight.
        const params = message['params'];
        if (method === 'notifications/cancelled' && isJsonObject(params))
          pending[direction].delete(params['requestId'] as JsonRpcId);
        return { label: `${direction}:${method}`, check: { method } };
      }
      // A response answers a request that travelled the other way.
      const requests = pending[OPPOSITE[direction]];
      const request = id === undefined ? undefined : requests.get(id);
      if (id !== undefined) requests.delete(id);
      const inFlightIds = [...requests.keys()];
      const check: CheckContext = {
        ...(id === undefined ? {} : { requestId: id }),
        ...(request === undefined ? {} : { method: request.method }),
        ...(inFlightIds.length === 0 ? {} : { inFlightIds }),
      };
      const label = `${direction}:${request?.method ?? 'response'}`;
      return request?.reserved === undefined
        ? { label, check }
        : { label, check, reserved: request.reserved };
    },
    forget(direction, message) {
      if (isJsonObject(message)) pending[direction].delete(message['id'] as JsonRpcId);
    },
  };
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = { in: 'out', out: 'in' };
