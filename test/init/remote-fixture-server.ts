// A small remote MCP server for init's unit tests, on 127.0.0.1 port 0: the SDK's Streamable HTTP
// server transport in stateless mode, one `lookup` tool, bearer tokens. `refusal` decides how it
// answers the low-scope token's call: a 403 step-up challenge (the HTTP rules), or an isError
// tool result (the mistake init must flag).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';

export const FULL_TOKEN = 'full-token-7Qm2x9Hd8p';
export const LOW_TOKEN = 'low-token-4Hd8p37Qm2';

export interface RemoteFixture {
  readonly url: string;
  close(): Promise<void>;
}

export interface RemoteFixtureOptions {
  /** How the low-scope token's `tools/call` is refused. */
  readonly refusal: 'step-up' | 'tool-error';
  /** Whether the server protects its endpoint at all (401 and protected-resource metadata). */
  readonly protect?: boolean;
}

export async function startRemoteFixture(options: RemoteFixtureOptions): Promise<RemoteFixture> {
  const protect = options.protect ?? true;
  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const metadata = `${origin}/.well-known/oauth-protected-resource/mcp`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp' && protect) {
      json(res, 200, { resource: `${origin}/mcp`, scopes_supported: ['read', 'write'] });
      return;
    }
    if (path !== '/mcp') {
      json(res, 404, { error: 'not_found' });
      return;
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      method?: string;
    };
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (protect && token !== FULL_TOKEN && token !== LOW_TOKEN) {
      res.setHeader('www-authenticate', `Bearer resource_metadata="${metadata}", scope="read"`);
      json(res, 401, { error: 'invalid_request' });
      return;
    }
    const low = token === LOW_TOKEN;
    if (low && message.method === 'tools/call' && options.refusal === 'step-up') {
      res.setHeader(
        'www-authenticate',
        `Bearer error="insufficient_scope", scope="read write", resource_metadata="${metadata}"`,
      );
      json(res, 403, { error: 'insufficient_scope' });
      return;
    }
    const server = new McpServer({ name: 'remote-fixture', version: '1.0.0' });
    server.registerTool(
      'lookup',
      { inputSchema: { key: z.string() }, annotations: { readOnlyHint: true } },
      ({ key }) =>
        low
          ? {
              content: [{ type: 'text', text: 'Permission denied: missing scope write' }],
              isError: true,
            }
          : { content: [{ type: 'text', text: `value of ${key}` }] },
    );
    // Stateless (no sessionIdGenerator, no session ids): a transport per request.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
    res.on('close', () => void server.close());
  }

  return {
    url: `${origin}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
