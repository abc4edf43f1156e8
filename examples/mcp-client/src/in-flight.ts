/** A JSON-RPC 2.0 request id (§4): a string or a number. MCP 2025-11-25 forbids null ids. */
export type RequestId = string | number;

/** A request the client sent and still waits an answer for. */
export interface PendingRequest {
  readonly requestId: RequestId;
  readonly method: string;
  /** For `tools/call`: the tool, and whether calling it changes the outside world. */
  readonly toolName?: string;
  readonly sideEffecting: boolean;
  /** 1 for a first call, 2 for its first retry, … */
  readonly attempt: number;
  /** The attempt this request repeats, when it is a retry: retries record their attempt. */
  readonly previousRequestId?: RequestId;
}

/** The requests in flight, by id. One bad response settles one request and leaves the others. */
export interface InFlightRequests {
  track(request: PendingRequest): void;
  /** Removes and returns the request this id answers; `undefined` when none matches. */
  settle(id: unknown): PendingRequest | undefined;
  ids(): RequestId[];
}

/**
 * The in-flight table. Ids match by value *and* JSON type: the answer to request 1 is not the
 * answer to request "1" (JSON-RPC 2.0 §5: the response id is "the same as" the request's).
 */
export function createInFlightRequests(): InFlightRequests {
  const pending = new Map<RequestId, PendingRequest>();
  return {
    track: (request) => void pending.set(request.requestId, request),
    settle: (id) => {
      if (typeof id !== 'string' && typeof id !== 'number') return undefined;
      const request = pending.get(id);
      pending.delete(id);
      return request;
    },
    ids: () => [...pending.keys()],
  };
}
