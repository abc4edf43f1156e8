import { BASE_SCOPES, TOOL_SCOPES, type Grant, type TokenVerifier } from './tokens.js';

/** A request may go on, with what its token grants, or is answered here with a challenge. */
export type Authorization =
  | { readonly kind: 'granted'; readonly grant: Grant }
  | {
      readonly kind: 'denied';
      readonly status: 401 | 403;
      /** The `WWW-Authenticate` value (RFC 6750 §3). */
      readonly challenge: string;
      /** The OAuth error body (RFC 6750 §3: the error code and a description). */
      readonly body: { readonly error: string; readonly error_description: string };
    };

export interface AuthorizeInput {
  readonly authorization: string | undefined;
  /** The parsed POST body, to find the tool a `tools/call` names. */
  readonly message: unknown;
  readonly resourceMetadataUrl: string;
  readonly verify: TokenVerifier;
}

/**
 * The resource server's decision, made before the request reaches MCP (MCP 2025-11-25
 * authorization.mdx): no or an unknown token is 401 with a Bearer challenge naming the resource
 * metadata; a token lacking a scope the called tool needs is 403 with
 * `error="insufficient_scope"` and every scope the operation needs, in one challenge ("Runtime
 * Insufficient Scope Errors"). The description names the scope, never the token.
 */
export function authorize(input: AuthorizeInput): Authorization {
  const metadata = `resource_metadata="${input.resourceMetadataUrl}"`;
  const match = /^Bearer\s+(\S+)$/i.exec(input.authorization ?? '');
  if (match === null) {
    // RFC 6750 §3.1: a request without credentials gets no error code, only the challenge.
    return denied(401, `Bearer ${metadata}, scope="${BASE_SCOPES.join(' ')}"`, {
      error: 'invalid_request',
      error_description: 'An access token is required.',
    });
  }
  const grant = input.verify(match[1] as string);
  if (grant === undefined) {
    const description = 'The access token is invalid or expired.';
    return denied(
      401,
      `Bearer error="invalid_token", error_description="${description}", ${metadata}`,
      { error: 'invalid_token', error_description: description },
    );
  }
  const needed = [...new Set([...BASE_SCOPES, ...toolScopes(input.message)])];
  const missing = needed.filter((scope) => !grant.scopes.includes(scope));
  if (missing.length === 0) return { kind: 'granted', grant };
  const description = `This operation needs the ${missing.join(', ')} scope.`;
  return denied(
    403,
    `Bearer error="insufficient_scope", scope="${needed.join(' ')}", ${metadata}, error_description="${description}"`,
    { error: 'insufficient_scope', error_description: description },
  );
}

function denied(
  status: 401 | 403,
  challenge: string,
  body: { error: string; error_description: string },
): Authorization {
  return { kind: 'denied', status, challenge, body };
}

/** The scopes of the tool a `tools/call` names; none for other methods. */
function toolScopes(message: unknown): readonly string[] {
  if (typeof message !== 'object' || message === null) return [];
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return [];
  return TOOL_SCOPES[params.name] ?? [];
}
