import type { PendingRequest } from './in-flight.js';

/** The rule a response broke, named as envelope-mutants names it (its docs/design.md "Rules"). */
export type BrokenRule =
  | 'jsonrpc.version'
  | 'jsonrpc.id'
  | 'jsonrpc.members'
  | 'jsonrpc.error-shape'
  | 'mcp.is-error'
  | 'mcp.content'
  | 'mcp.structured-content';

/** The method ran and succeeded; for `tools/call`, the tool did too. */
export interface DecodedSuccess {
  readonly kind: 'success';
  readonly request: PendingRequest;
  readonly result: Readonly<Record<string, unknown>>;
}

/** JSON-RPC `error`: the request was not processed (JSON-RPC 2.0 §5.1, MCP 2025-11-25 tools). */
export interface DecodedProtocolError {
  readonly kind: 'protocol-error';
  readonly request: PendingRequest;
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
  /** False for a code the client's profile does not document: handled, but flagged for diagnostics. */
  readonly documented: boolean;
}

/** `result.isError: true`: the tool ran and failed (MCP 2025-11-25 tools, "Error Handling"). */
export interface DecodedToolError {
  readonly kind: 'tool-error';
  readonly request: PendingRequest;
  /** The text the model sees: the tool's own content blocks, joined. */
  readonly text: string;
  /** The server's stable failure category, when it sends one in `_meta`. */
  readonly category?: string;
}

/** One way a response breaks the wire contract. */
export interface Problem {
  readonly rule: BrokenRule;
  readonly reason: string;
}

/**
 * The response breaks the wire contract. `request` is the request it settles when its id could
 * be correlated; the client fails that request alone and keeps its session. `problems` lists
 * every rule broken, not only the first, so a diagnostic shows the whole defect.
 */
export interface DecodedInvalid {
  readonly kind: 'invalid';
  readonly problems: readonly Problem[];
  /**
   * The layer the response claims by its members (an `error` member: protocol; a `result` with
   * `isError: true`: tool; another result: success), or `null` with neither member.
   */
  readonly layer: 'protocol' | 'tool' | 'success' | null;
  /** The id as received (for diagnostics), even when it matched nothing. */
  readonly receivedId: unknown;
  readonly request?: PendingRequest;
}

export type DecodedResponse =
  DecodedSuccess | DecodedProtocolError | DecodedToolError | DecodedInvalid;
