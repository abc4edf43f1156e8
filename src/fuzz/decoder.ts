import type { JsonObject, JsonValue } from '../envelope/json-value.js';

/**
 * A request id as the fuzzer announces it. Requests always carry a string or a number:
 * JSON-RPC 2.0 §4 (null request ids SHOULD NOT be used; MCP 2025-11-25 basic forbids them).
 */
export type RequestId = string | number;

/**
 * One envelope as it reaches the decoder: the raw text on the wire and, when the text parses as
 * JSON, the parsed value. Decoders that read text and decoders that read objects both get what
 * they expect.
 */
export interface RawEnvelope {
  readonly text: string;
  /** Absent when `text` is not JSON. */
  readonly value?: JsonValue;
}

/** What the decoder shows the model for this request; judged by the `no-leak` property. */
interface ModelFacing {
  readonly modelFacing?: string;
}

/**
 * What the decoder made of one request. `pending`: no verdict yet (the fuzzer also records
 * `pending` when the decoder does not answer before the deadline).
 */
export type DecodedOutcome =
  | ({ readonly kind: 'success' } & ModelFacing)
  | ({ readonly kind: 'protocol-error'; readonly code: number } & ModelFacing)
  | ({ readonly kind: 'tool-error' } & ModelFacing)
  | ({ readonly kind: 'invalid' } & ModelFacing)
  | { readonly kind: 'pending' };

export type OutcomeKind = DecodedOutcome['kind'];

/** What the client knows about a request besides its id and method. */
export interface RequestInfo {
  /**
   * For `tools/call`: the `outputSchema` the tool declared in `tools/list` (MCP 2025-11-25
   * tools): a client that validates structured content validates against it.
   */
  readonly outputSchema?: JsonObject;
}

/** A value that may be awaited; every session hook may be synchronous or asynchronous. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * One client connection under test, created afresh for every fuzz case. The fuzzer announces the
 * requests in flight, delivers envelopes one at a time and, after each delivery, reads the
 * outcome of every request (that is how it learns which envelope settled which request).
 */
export interface DecoderSession {
  /** A request with this id and method is now in flight (the decoder sent it). */
  request(id: RequestId, method: string, info: RequestInfo): MaybePromise<void>;
  /** One envelope arrived from the server. Throwing here breaks `session-survives`. */
  receive(envelope: RawEnvelope): MaybePromise<void>;
  /** The current outcome of the request with this id. */
  outcome(id: RequestId): MaybePromise<DecodedOutcome>;
  /** Releases the session (timers, transports). Called once per case, also after a failure. */
  close?(): MaybePromise<void>;
}

/**
 * A client decoder the fuzzer can drive: `--decoder <module>#<export>` names one of these, or a
 * function returning one.
 */
export interface Decoder {
  /** Shown in reports and fixtures. */
  readonly name: string;
  /**
   * True when the decoder promises that its model-facing text carries no secret from the
   * envelope; only then is `no-leak` judged.
   */
  readonly sanitizes: boolean;
  createSession(): MaybePromise<DecoderSession>;
}

const OUTCOME_KINDS: readonly string[] = [
  'success',
  'protocol-error',
  'tool-error',
  'invalid',
  'pending',
];

/**
 * True for an object with a `createSession` function, a boolean `sanitizes` and, if any, a string
 * `name` (reports and fixture file names show it; {@link nameOfDecoder} stands in for none).
 */
export function isDecoder(value: unknown): value is Decoder {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof Decoder, unknown>>;
  return (
    typeof candidate.createSession === 'function' &&
    typeof candidate.sanitizes === 'boolean' &&
    (candidate.name === undefined || typeof candidate.name === 'string')
  );
}

/** The decoder's name as reports show it: `decoder` where JavaScript left it out or blank. */
export function nameOfDecoder(decoder: Decoder): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller may omit it
  const name = decoder.name ?? '';
  return name.trim() === '' ? 'decoder' : name;
}

/** True for an object with the three session hooks. */
export function isDecoderSession(value: unknown): value is DecoderSession {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof DecoderSession, unknown>>;
  return (
    typeof candidate.request === 'function' &&
    typeof candidate.receive === 'function' &&
    typeof candidate.outcome === 'function'
  );
}

/** True for a well-formed {@link DecodedOutcome} (a decoder returning anything else is broken). */
export function isDecodedOutcome(value: unknown): value is DecodedOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, code, modelFacing } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !OUTCOME_KINDS.includes(kind)) return false;
  if (kind === 'protocol-error' && !Number.isInteger(code)) return false;
  return modelFacing === undefined || typeof modelFacing === 'string';
}
