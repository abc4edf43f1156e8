import type { HttpExchange } from '../../src/http/http-exchange.js';

const METADATA = 'http://127.0.0.1:4100/.well-known/oauth-protected-resource/mcp';

/** A POSTed `tools/call` request (id 7) with a bearer token. */
export const CALL_REQUEST = {
  method: 'POST',
  path: '/mcp',
  headers: { authorization: 'Bearer', 'mcp-session-id': '<session-1>' },
  body: {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'transfer_funds', arguments: {} },
  },
} as const;

/** A step-up 403 as MCP 2025-11-25 "Runtime Insufficient Scope Errors" shows it. */
export const STEP_UP: HttpExchange = {
  request: CALL_REQUEST,
  response: {
    status: 403,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': `Bearer error="insufficient_scope", scope="accounts:read accounts:write", resource_metadata="${METADATA}", error_description="Needs accounts:write."`,
    },
    body: { kind: 'json', value: { error: 'insufficient_scope' } },
  },
};

/** A 401 to an `initialize` sent without a token. */
export const UNAUTHORIZED: HttpExchange = {
  request: {
    method: 'POST',
    path: '/mcp',
    headers: {},
    body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
  },
  response: {
    status: 401,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': `Bearer resource_metadata="${METADATA}", scope="accounts:read"`,
    },
    body: { kind: 'json', value: { error: 'invalid_request' } },
  },
};

/** A 400 for a request without the session id, as the SDK's transport words it. */
export const MISSING_SESSION: HttpExchange = {
  request: {
    method: 'POST',
    path: '/mcp',
    headers: { authorization: 'Bearer' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  },
  response: {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: {
      kind: 'json',
      value: {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
        id: null,
      },
    },
  },
};

/** A `tools/call` answered with a success. */
export const SUCCESS: HttpExchange = {
  request: CALL_REQUEST,
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: {
      kind: 'json',
      value: { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'done' }] } },
    },
  },
};

/** An accepted `notifications/initialized`. */
export const ACCEPTED: HttpExchange = {
  request: {
    method: 'POST',
    path: '/mcp',
    headers: { authorization: 'Bearer' },
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
  },
  response: { status: 202, headers: {}, body: { kind: 'empty' } },
};

/**
 * A `tools/list` from a foreign `Origin`, refused with 403 and a JSON-RPC error without an id
 * (MCP 2025-11-25 transports.mdx "Security Warning").
 */
export const FOREIGN_ORIGIN: HttpExchange = {
  request: {
    method: 'POST',
    path: '/mcp',
    headers: { authorization: 'Bearer', origin: 'https://attacker.example' },
    body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
  },
  response: {
    status: 403,
    headers: { 'content-type': 'application/json' },
    body: {
      kind: 'json',
      value: { jsonrpc: '2.0', error: { code: -32000, message: 'Forbidden' }, id: null },
    },
  },
};

/** The exchange with another response status. */
export function withStatus(exchange: HttpExchange, status: number): HttpExchange {
  return { ...exchange, response: { ...exchange.response, status } };
}

/** The exchange with one response header replaced (or removed). */
export function withHeader(
  exchange: HttpExchange,
  name: string,
  value: string | undefined,
): HttpExchange {
  const headers = Object.fromEntries(
    Object.entries(exchange.response.headers).filter(([key]) => key !== name),
  );
  if (value !== undefined) headers[name] = value;
  return { ...exchange, response: { ...exchange.response, headers } };
}
