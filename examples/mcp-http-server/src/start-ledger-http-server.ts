import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { authorize } from './authorize.js';
import { createLedgerServer } from './create-ledger-server.js';
import type { Ledger } from './ledger.js';
import { SCOPES, type TokenVerifier } from './tokens.js';

export interface LedgerHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:53117/mcp`. */
  readonly url: URL;
  /** Closes every session and the listener; resolves when nothing is left open. */
  close(): Promise<void>;
}

export interface LedgerHttpServerOptions {
  readonly ledger: Ledger;
  readonly verify: TokenVerifier;
  /** Default 0: the system picks a free port. */
  readonly port?: number;
}

/**
 * The ledger server on the SDK's Streamable HTTP server transport, listening on 127.0.0.1 only
 * (MCP 2025-11-25 transports.mdx "Security Warning": "servers SHOULD bind only to localhost").
 * Before MCP sees a request: the Origin check (403), the bearer token and its scopes (401 / 403,
 * `authorize.ts`), and the session id (400 without one, 404 for an unknown one: "Session
 * Management"). The SDK transport answers the rest, including the MCP-Protocol-Version check.
 */
export async function startLedgerHttpServer(
  options: LedgerHttpServerOptions,
): Promise<LedgerHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, rpcError(-32603, 'Internal error'));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const resource = `${origin}/mcp`;
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      // RFC 9728 §2; MCP authorization.mdx "Authorization Server Location".
      sendJson(res, 200, {
        resource,
        authorization_servers: ['https://auth.example.com'],
        scopes_supported: [...SCOPES],
        bearer_methods_supported: ['header'],
      });
      return;
    }
    if (path !== '/mcp') return sendJson(res, 404, { error: 'not_found' });
    if (req.headers.origin !== undefined && req.headers.origin !== origin) {
      return sendJson(res, 403, rpcError(-32000, 'Forbidden: invalid Origin'));
    }
    const message = req.method === 'POST' ? await readJson(req) : undefined;
    if (message === PARSE_ERROR) return sendJson(res, 400, rpcError(-32700, 'Parse error'));
    const decision = authorize({
      authorization: req.headers.authorization,
      message,
      resourceMetadataUrl: metadataUrl,
      verify: options.verify,
    });
    if (decision.kind === 'denied') {
      res.setHeader('www-authenticate', decision.challenge);
      return sendJson(res, decision.status, decision.body);
    }
    // No standalone SSE stream: "or else return HTTP 405 Method Not Allowed" (transports.mdx).
    if (req.method === 'GET') {
      res.writeHead(405, { allow: 'POST, DELETE' }).end();
      return;
    }
    const transport = await transportFor(req, message);
    if (typeof transport === 'number') {
      return sendJson(
        res,
        transport,
        transport === 400
          ? rpcError(-32000, 'Bad Request: Mcp-Session-Id header is required')
          : rpcError(-32001, 'Session not found'),
      );
    }
    await transport.handleRequest(req, res, message);
  }

  /** The session's transport; a new one for `initialize`; 400 / 404 per "Session Management". */
  async function transportFor(
    req: IncomingMessage,
    message: unknown,
  ): Promise<StreamableHTTPServerTransport | 400 | 404> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') return sessions.get(sessionId) ?? 404;
    if (req.method !== 'POST' || !isInitializeRequest(message)) return 400;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await createLedgerServer(options.ledger).connect(transport);
    return transport;
  }

  return {
    url: new URL(resource),
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        http.close((error) => (error === undefined ? resolve() : reject(error))),
      );
    },
  };
}

const PARSE_ERROR = Symbol('parse error');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return PARSE_ERROR;
  }
}

function rpcError(code: number, message: string): object {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
