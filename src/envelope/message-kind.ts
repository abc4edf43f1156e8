import type { Layer } from './envelope.js';
import { hasMember, isJsonObject } from './json-value.js';

/** What a JSON-RPC 2.0 message is (JSON-RPC 2.0 §4, §4.1, §5), or `invalid` when it is none of them. */
export type MessageKind = 'request' | 'notification' | 'response' | 'invalid';

/**
 * Classifies a parsed message by its members. A response carries `result` or `error` and no
 * `method`; a request or notification carries a string `method` and neither. Anything else
 * (arrays, primitives, objects mixing both) is `invalid`. The version and id are not judged here:
 * that is the oracle's job.
 */
export function messageKind(value: unknown): MessageKind {
  if (!isJsonObject(value)) return 'invalid';
  const hasMethod = hasMember(value, 'method');
  const isReply = hasMember(value, 'result') || hasMember(value, 'error');
  if (isReply) return hasMethod ? 'invalid' : 'response';
  if (!hasMethod || typeof value['method'] !== 'string') return 'invalid';
  return hasMember(value, 'id') ? 'request' : 'notification';
}

/**
 * A response's layer (docs/design.md "Vocabulary"): an `error` member is a protocol failure;
 * a `result` with `isError` exactly `true` is a tool failure (MCP 2025-11-25 tools); any other
 * result is a success. `null` when the value carries neither member.
 */
export function layerOf(value: unknown): Layer | null {
  if (!isJsonObject(value)) return null;
  if (hasMember(value, 'error')) return 'protocol';
  if (!hasMember(value, 'result')) return null;
  const result = value['result'];
  return isJsonObject(result) && result['isError'] === true ? 'tool' : 'success';
}
