import type { Layer } from '../envelope/envelope.js';
import type { JsonObject, JsonRpcId } from '../envelope/json-value.js';

/**
 * What a test knows about the envelope it observes. Every field is optional: a rule whose input
 * is missing from the context is not judged (it cannot be: e.g. `jsonrpc.id` without a request id
 * only checks the id's type).
 */
export interface CheckContext {
  /** The id of the request this response answers. */
  readonly requestId?: JsonRpcId;
  /** Other requests in flight at the same time (a response must not carry one of their ids). */
  readonly inFlightIds?: readonly JsonRpcId[];
  /** The request's method, e.g. `tools/call`; `tools/call` results must be CallToolResults. */
  readonly method?: string;
  /** The expected outcome: a taxonomy failure class, or a layer (and code) given directly. */
  readonly expected?: ExpectedOutcome;
  /** The called tool's `outputSchema` (JSON Schema), for `mcp.structured-content`. */
  readonly outputSchema?: JsonObject;
  /** The project's planted secrets; `sanitize.leak` also finds generic leaks without them. */
  readonly canaries?: readonly string[];
  /**
   * Values the envelope may carry although they look like leaks: what the project gave the server
   * itself (a directory it serves, a file it was told to use). `sanitize.leak` ignores them, and a
   * path below an allowed directory.
   */
  readonly allowedValues?: readonly string[];
}

export interface ExpectedOutcome {
  readonly failureClass?: string;
  readonly layer?: Layer;
  readonly code?: number;
}
