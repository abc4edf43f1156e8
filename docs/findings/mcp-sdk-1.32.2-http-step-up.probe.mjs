// The probe behind mcp-sdk-1.32.2-http-step-up.md: the SDK's Client and
// StreamableHTTPClientTransport against a fake fetch whose every tools/call answer is a 403
// insufficient_scope challenge. Usage: node docs/findings/mcp-sdk-1.32.2-http-step-up.probe.mjs
// <same | vary | noprovider | malformed | garbage>. Prints one JSON line. No network.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const ORIGIN = 'http://127.0.0.1:9';
const AS = `${ORIGIN}/as`;
const METADATA = `${ORIGIN}/.well-known/oauth-protected-resource/mcp`;
/** After this many tools/call POSTs the fake server answers 200, so that a loop ends. */
const GIVE_UP = 50;
const mode = process.argv[2] ?? 'same';
let calls = 0;
let tokenRequests = 0;

const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function challenge() {
  if (mode === 'malformed') return 'Bearer error="insufficient_scope, scope="files:write';
  if (mode === 'garbage') return '!!! ,,, =';
  const description = mode === 'vary' ? `request ${calls} needs files:write` : 'needs files:write';
  return `Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="${METADATA}", error_description="${description}"`;
}

async function fakeFetch(input, init) {
  const url = new URL(typeof input === 'string' ? input : (input.href ?? input.url));
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
  if (url.pathname === '/as/token') {
    tokenRequests += 1;
    return json({ access_token: `token-${tokenRequests}`, token_type: 'Bearer', expires_in: 3600 });
  }
  if ((init?.method ?? 'GET') === 'GET') return new Response(null, { status: 405 });
  const message = JSON.parse(String(init.body));
  if (message.id === undefined) return new Response(null, { status: 202 });
  if (message.method === 'initialize') {
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'probe', version: '1' },
    };
    return json({ jsonrpc: '2.0', id: message.id, result }, 200, { 'mcp-session-id': 's1' });
  }
  calls += 1;
  if (calls > GIVE_UP) {
    const result = { content: [{ type: 'text', text: 'gave up' }] };
    return json({ jsonrpc: '2.0', id: message.id, result });
  }
  return json({ error: 'insufficient_scope' }, 403, { 'www-authenticate': challenge() });
}

/** A non-interactive (client_credentials) provider: auth() answers AUTHORIZED every time. */
let stored = { access_token: 'token-0', token_type: 'Bearer' };
const provider = {
  redirectUrl: undefined,
  clientMetadata: { client_name: 'probe', redirect_uris: [], grant_types: ['client_credentials'] },
  clientInformation: () => ({ client_id: 'probe', client_secret: 'not-a-secret' }),
  saveClientInformation: () => undefined,
  tokens: () => stored,
  saveTokens: (tokens) => {
    stored = tokens;
  },
  prepareTokenRequest: () => new URLSearchParams({ grant_type: 'client_credentials' }),
  redirectToAuthorization: () => {
    throw new Error('the probe never redirects');
  },
  saveCodeVerifier: () => undefined,
  codeVerifier: () => 'verifier',
};

const options =
  mode === 'noprovider' ? { fetch: fakeFetch } : { fetch: fakeFetch, authProvider: provider };
const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), options);
const client = new Client({ name: 'probe', version: '1' });
await client.connect(transport);
const outcome = await client.callTool({ name: 'write_file', arguments: {} }).then(
  (result) => ({ result }),
  (error) => ({ error: String(error) }),
);
process.stdout.write(
  `${JSON.stringify({ mode, toolsCallPosts: calls, tokenRequests, outcome })}\n`,
);
await client.close();
