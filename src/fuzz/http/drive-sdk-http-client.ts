import type { HttpAnswer, HttpFuzzCase } from './http-fuzz-case.js';

/** What one `callTool` through the real SDK client came to. */
export interface HttpCallObservation {
  /** `tools/call` POSTs the client sent for the one call. */
  readonly posts: number;
  /** `result`: the call resolved; `error`: it rejected; `pending`: neither before the deadline. */
  readonly outcome: 'result' | 'error' | 'pending';
  /** The rejection was not an `Error` instance, or something escaped as an unhandled rejection. */
  readonly crash?: string;
}

/** Far above "a few" retries (MCP 2025-11-25 "Step-Up Authorization Flow"): the loop is cut here. */
export const POST_CAP = 20;
const DEADLINE_MS = 5_000;
const ORIGIN = 'http://127.0.0.1:9';
const AS = `${ORIGIN}/as`;

type Sdk = {
  readonly Client: typeof import('@modelcontextprotocol/sdk/client/index.js').Client;
  readonly StreamableHTTPClientTransport: typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js').StreamableHTTPClientTransport;
};
let sdk: Promise<Sdk> | undefined;

function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]).then(([client, http]) => ({
    Client: client.Client,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
  }));
  return sdk;
}

/**
 * Drives the real `Client` + `StreamableHTTPClientTransport` of the MCP SDK through a fake
 * `fetch` (no network): the handshake succeeds, discovery and the token endpoint answer (so a
 * provider's `auth()` always succeeds), and each `tools/call` POST gets the case's next answer.
 * Past {@link POST_CAP} POSTs the fake fetch fails like a dropped connection, ending any loop.
 */
export async function driveSdkHttpClient(fuzzCase: HttpFuzzCase): Promise<HttpCallObservation> {
  const { Client, StreamableHTTPClientTransport } = await loadSdk();
  let posts = 0;
  const answer = (id: unknown): Response => {
    const next = fuzzCase.answers[posts % fuzzCase.answers.length] as HttpAnswer;
    posts += 1;
    if (posts > POST_CAP) throw new TypeError('fetch failed: the fake server stopped answering');
    if (next.status === 200)
      return json({ jsonrpc: '2.0', id, result: JSON.parse(next.body) as unknown });
    const headers =
      next.challenge === undefined ? undefined : { 'www-authenticate': next.challenge };
    return new Response(next.body, {
      status: next.status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  // A throw of the fake server becomes a rejection, as a real fetch's network failure does.
  const fetchFn = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise((resolve) => {
      resolve(fakeServer(input, init, answer));
    });
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: fetchFn,
    ...(fuzzCase.provider ? { authProvider: nonInteractiveProvider() } : {}),
  });
  const client = new Client({ name: 'envelope-mutants-fuzz', version: '0' });
  const escaped: unknown[] = [];
  const onUnhandled = (reason: unknown) => escaped.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await client.connect(transport);
    const settled = await Promise.race([
      client.callTool({ name: 'write_file', arguments: {} }).then(
        () => ({ outcome: 'result' as const }),
        (error: unknown) => ({ outcome: 'error' as const, error }),
      ),
      new Promise<{ outcome: 'pending' }>((resolve) => {
        setTimeout(() => {
          resolve({ outcome: 'pending' });
        }, DEADLINE_MS).unref();
      }),
    ]);
    const notAnError =
      settled.outcome === 'error' && !(settled.error instanceof Error)
        ? 'a rejection that is not an Error'
        : undefined;
    const crash =
      notAnError ?? (escaped.length > 0 ? `unhandled rejection: ${String(escaped[0])}` : undefined);
    return { posts, outcome: settled.outcome, ...(crash === undefined ? {} : { crash }) };
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await client.close().catch(() => undefined);
  }
}

function json(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function fakeServer(
  input: string | URL | Request,
  init: RequestInit | undefined,
  answer: (id: unknown) => Response,
): Response {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
  if (url.pathname.startsWith('/.well-known/oauth-protected-resource'))
    return json({ resource: `${ORIGIN}/mcp`, authorization_servers: [AS] });
  if (url.pathname.includes('/.well-known/'))
    return json({
      issuer: AS,
      authorization_endpoint: `${AS}/authorize`,
      token_endpoint: `${AS}/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['client_credentials'],
      code_challenge_methods_supported: ['S256'],
    });
  if (url.pathname === '/as/token')
    return json({ access_token: 'fuzz-token', token_type: 'Bearer' });
  if ((init?.method ?? 'GET') !== 'POST') return new Response(null, { status: 405 });
  const message = JSON.parse(init?.body as string) as { id?: unknown; method?: string };
  if (message.id === undefined) return new Response(null, { status: 202 });
  if (message.method === 'initialize') {
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'fuzz', version: '0' },
    };
    return json({ jsonrpc: '2.0', id: message.id, result }, { 'mcp-session-id': 'fuzz-session' });
  }
  return answer(message.id);
}

/** A `client_credentials` provider: no redirect, so the SDK's `auth()` answers AUTHORIZED. */
function nonInteractiveProvider(): import('@modelcontextprotocol/sdk/client/auth.js').OAuthClientProvider {
  // Stamped with the issuer, as the SDK stores them (it warns about tokens without one).
  let tokens: import('@modelcontextprotocol/sdk/shared/auth.js').OAuthTokens = {
    access_token: 'fuzz-token-0',
    token_type: 'Bearer',
    issuer: AS,
  };
  return {
    get redirectUrl() {
      return undefined;
    },
    clientMetadata: {
      client_name: 'envelope-mutants-fuzz',
      redirect_uris: [],
      grant_types: ['client_credentials'],
    },
    clientInformation: () => ({
      client_id: 'envelope-mutants-fuzz',
      client_secret: 'not-a-secret',
      issuer: AS,
    }),
    saveClientInformation: () => undefined,
    tokens: () => tokens,
    saveTokens: (saved) => {
      tokens = saved;
    },
    prepareTokenRequest: () => new URLSearchParams({ grant_type: 'client_credentials' }),
    redirectToAuthorization: () => {
      throw new Error('the fuzz provider never redirects');
    },
    saveCodeVerifier: () => undefined,
    codeVerifier: () => 'verifier',
  };
}
