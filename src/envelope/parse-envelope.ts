import type { JsonValue } from './json-value.js';
import { type MessageKind, messageKind } from './message-kind.js';

/** JSON-RPC 2.0 §5.1 "Parse error": the text is not JSON. */
export const PARSE_ERROR_CODE = -32700;
/** JSON-RPC 2.0 §5.1 "Invalid Request": JSON, but not a message object. */
export const INVALID_REQUEST_CODE = -32600;

/** The text parsed into one JSON-RPC message (which may still break rules: the oracle judges it). */
export interface ParsedMessage {
  readonly ok: true;
  readonly value: JsonValue;
  readonly kind: Exclude<MessageKind, 'invalid'>;
}

/**
 * The text is not one JSON-RPC message. `parse-error` (-32700): not JSON. `invalid-request`
 * (-32600): JSON, but not a request, notification or response object, e.g. a number, a string or
 * a batch array (MCP removed JSON-RPC batching in 2025-06-18, so a batch is judged as invalid).
 */
export interface UnparsableMessage {
  readonly ok: false;
  readonly failure: 'parse-error' | 'invalid-request';
  readonly code: typeof PARSE_ERROR_CODE | typeof INVALID_REQUEST_CODE;
  /** `Expected … but received …`; never repeats the text itself (it may carry secrets). */
  readonly reason: string;
  /** The parsed JSON value for `invalid-request`; absent for `parse-error`. */
  readonly value?: JsonValue;
}

export type ParsedEnvelope = ParsedMessage | UnparsableMessage;

/**
 * Parses the raw text of one envelope. Never throws: text that is not JSON, or JSON that is not a
 * message object, comes back as an {@link UnparsableMessage} naming the JSON-RPC 2.0 §5.1
 * situation (-32700 parse error, -32600 invalid request).
 */
export function parseEnvelope(text: string): ParsedEnvelope {
  if (typeof text !== 'string') {
    return invalid('parse-error', `Expected JSON text but received ${typeof text}`);
  }
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return invalid(
      'parse-error',
      `Expected JSON text but received text that does not parse (length ${text.length})`,
    );
  }
  const kind = messageKind(value);
  if (kind === 'invalid') {
    return {
      ...invalid(
        'invalid-request',
        `Expected a request, notification or response object but received ${shape(value)}`,
      ),
      value,
    };
  }
  return { ok: true, value, kind };
}

function invalid(failure: UnparsableMessage['failure'], reason: string): UnparsableMessage {
  const code = failure === 'parse-error' ? PARSE_ERROR_CODE : INVALID_REQUEST_CODE;
  return { ok: false, failure, code, reason };
}

function shape(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} (a batch)`;
  return typeof value === 'object' ? 'an object that is none of them' : typeof value;
}
