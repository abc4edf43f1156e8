/** What a bearer token grants: the scopes of the OAuth 2.1 access token (RFC 6750, RFC 9068). */
export interface Grant {
  readonly subject: string;
  readonly scopes: readonly string[];
}

/** Scopes the server knows; `scopes_supported` of its protected-resource metadata (RFC 9728 §2). */
export const SCOPES = ['accounts:read', 'accounts:write'] as const;

/** The scopes each tool needs. A call lacking one is a step-up 403, never a tool result. */
export const TOOL_SCOPES: Readonly<Record<string, readonly string[]>> = {
  get_balance: ['accounts:read'],
  transfer_funds: ['accounts:read', 'accounts:write'],
};

/** Scopes every request to the MCP endpoint needs, whatever it calls. */
export const BASE_SCOPES: readonly string[] = ['accounts:read'];

/**
 * Token introspection. A real server validates a JWT or asks its authorization server (MCP
 * authorization.mdx "Token Handling"); the example takes a fixed table so tests stay offline.
 */
export type TokenVerifier = (token: string) => Grant | undefined;

/** A verifier over a fixed token table. */
export function tableVerifier(table: Readonly<Record<string, Grant>>): TokenVerifier {
  return (token) => (Object.hasOwn(table, token) ? table[token] : undefined);
}
