import { checkResponse, claimedLayer, isObject } from './check-response.js';
import type { DecodedResponse } from './decoded-response.js';
import { DOCUMENTED_CODES } from './documented-codes.js';
import type { InFlightRequests, PendingRequest } from './in-flight.js';

/**
 * The inbound adapter: one raw response envelope → a classified outcome, settling the request it
 * answers. Never throws and never manufactures a success: anything that breaks the wire contract is
 * `invalid`, and only the request it correlates with is settled (envelope-mutants' docs/design.md
 * "What a contract test asserts").
 */
export function decodeResponse(raw: unknown, inFlight: InFlightRequests): DecodedResponse {
  if (!isObject(raw)) {
    return {
      kind: 'invalid',
      problems: [{ rule: 'jsonrpc.members', reason: 'not a response object' }],
      layer: null,
      receivedId: undefined,
    };
  }
  const receivedId = raw['id'];
  const request = inFlight.settle(receivedId);
  const problems = checkResponse(raw, request);
  if (request === undefined || problems.length > 0) {
    return {
      kind: 'invalid',
      problems,
      layer: claimedLayer(raw),
      receivedId,
      ...(request === undefined ? {} : { request }),
    };
  }
  return Object.hasOwn(raw, 'error')
    ? _protocolError(raw['error'], request)
    : _result(raw['result'], request);
}

function _protocolError(error: unknown, request: PendingRequest): DecodedResponse {
  const { code, message, data } = error as { code: number; message: string; data?: unknown };
  const documented = DOCUMENTED_CODES.has(code);
  return {
    kind: 'protocol-error',
    request,
    code,
    message,
    documented,
    ...(data === undefined ? {} : { data }),
  };
}

function _result(result: unknown, request: PendingRequest): DecodedResponse {
  const body = result as Readonly<Record<string, unknown>>;
  if (body['isError'] !== true) return { kind: 'success', request, result: body };
  const text = (body['content'] as readonly Readonly<Record<string, unknown>>[])
    .flatMap((block) =>
      block['type'] === 'text' && typeof block['text'] === 'string' ? [block['text']] : [],
    )
    .join('\n');
  const category = _categoryOf(body['_meta']);
  return { kind: 'tool-error', request, text, ...(category === undefined ? {} : { category }) };
}

/** The accounts server's `_meta` convention (examples/mcp-server `FAILURE_META_KEY`). */
function _categoryOf(meta: unknown): string | undefined {
  const failure = isObject(meta) ? meta['com.example.accounts/failure'] : undefined;
  const category = isObject(failure) ? failure['category'] : undefined;
  return typeof category === 'string' ? category : undefined;
}
