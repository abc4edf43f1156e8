import type { ProfileName } from './taxonomy.js';

/**
 * What one MCP revision requires of a Streamable HTTP exchange: the facts the `http.*` rules
 * judge. A revision that says nothing about a fact leaves it `false` / empty, and the rule that
 * reads it does not apply. `jsonrpc-2.0` defines no HTTP transport: it has no HTTP profile.
 */
export interface HttpProfile {
  readonly name: ProfileName;
  readonly sources: readonly string[];
  /**
   * A 401 carries the resource metadata URL in `resource_metadata` of its Bearer challenge.
   * 2025-06-18 authorization.mdx "Authorization Server Location": "MCP servers MUST use the HTTP
   * header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the
   * resource server metadata URL". From 2025-11-25 the header is one of two discovery mechanisms
   * ("Protected Resource Metadata Discovery Requirements"), so its absence is no violation.
   */
  readonly resourceMetadataOn401: boolean;
  /**
   * A runtime insufficient-scope failure is a 403 whose Bearer challenge has
   * `error="insufficient_scope"` and the needed `scope` (2025-11-25 authorization.mdx "Runtime
   * Insufficient Scope Errors": the server SHOULD respond with HTTP 403, `error="insufficient_scope"`,
   * `scope="required_scope1 required_scope2"`, `resource_metadata`). 2025-06-18 only has the status.
   */
  readonly scopeChallenge: boolean;
  /**
   * Session rules (2025-06-18 / 2025-11-25 transports.mdx "Session Management": "Servers that
   * require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than
   * initialization) with HTTP 400 Bad Request"; after termination the server "MUST respond to
   * requests containing that session ID with HTTP 404 Not Found"). 2026-07-28 removed sessions.
   */
  readonly sessions: boolean;
  /**
   * JSON-RPC error codes and the status they are sent with. 2026-07-28 streamable-http.mdx
   * "Protocol Version Header": an unimplemented method "MUST respond with 404 Not Found and a
   * JSON-RPC error with code -32601"; an unsupported version "MUST respond with 400 Bad Request
   * and an UnsupportedProtocolVersionError" (-32022); "Server Validation": a header mismatch "MUST
   * return HTTP status 400 Bad Request" with -32020. Earlier revisions pair no code with a status.
   */
  readonly pairedStatuses: ReadonlyMap<number, number>;
  /**
   * A request whose `Origin` header is present and invalid gets 403. 2025-11-25 transports.mdx
   * "Security Warning" and 2026-07-28 streamable-http.mdx "Security & Endpoint": "If the `Origin`
   * header is present and invalid, servers MUST respond with HTTP 403 Forbidden". 2025-06-18 only
   * says servers "MUST validate the `Origin` header" and names no status.
   */
  readonly originForbidden: boolean;
}

/**
 * Every MCP revision: authorization.mdx "Error Handling" ("Servers MUST return appropriate HTTP
 * status codes for authorization errors: 401 Unauthorized — Authorization required or token
 * invalid; 403 Forbidden — Invalid scopes or insufficient permissions"); transports.mdx "Sending
 * Messages": for a notification or response "If the server accepts the input, the server MUST
 * return HTTP status code 202 Accepted with no body"; "If the server receives a request with an
 * invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request".
 */
const COMMON_SOURCES = ['RFC 6750 §3 (WWW-Authenticate, error codes)', 'RFC 9728 §5.1'];

const MCP_2025_06_18_HTTP: HttpProfile = {
  name: 'mcp-2025-06-18',
  sources: [
    'https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http',
    'https://modelcontextprotocol.io/specification/2025-06-18/basic/authorization#error-handling',
    ...COMMON_SOURCES,
  ],
  resourceMetadataOn401: true,
  scopeChallenge: false,
  sessions: true,
  pairedStatuses: new Map(),
  originForbidden: false,
};

const MCP_2025_11_25_HTTP: HttpProfile = {
  name: 'mcp-2025-11-25',
  sources: [
    'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http',
    'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#scope-challenge-handling',
    ...COMMON_SOURCES,
  ],
  resourceMetadataOn401: false,
  scopeChallenge: true,
  sessions: true,
  pairedStatuses: new Map(),
  originForbidden: true,
};

const MCP_2026_07_28_HTTP: HttpProfile = {
  name: 'mcp-2026-07-28',
  sources: [
    'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http',
    'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#scope-challenge-handling',
    ...COMMON_SOURCES,
  ],
  resourceMetadataOn401: false,
  scopeChallenge: true,
  sessions: false,
  pairedStatuses: new Map([
    [-32601, 404],
    [-32022, 400],
    [-32020, 400],
  ]),
  originForbidden: true,
};

const HTTP_PROFILES: Readonly<Partial<Record<ProfileName, HttpProfile>>> = {
  'mcp-2025-06-18': MCP_2025_06_18_HTTP,
  'mcp-2025-11-25': MCP_2025_11_25_HTTP,
  'mcp-2026-07-28': MCP_2026_07_28_HTTP,
};

/** The HTTP facts of a profile, or undefined for a profile without an HTTP transport. */
export function httpProfileOf(name: ProfileName): HttpProfile | undefined {
  return HTTP_PROFILES[name];
}
