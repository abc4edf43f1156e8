import { expectHttp } from '../assertions/expect-http.js';
import { isJsonObject, type JsonObject } from '../envelope/json-value.js';
import type { HttpExchange } from '../http/http-exchange.js';
import { bearerChallenge, challengeScopes } from '../http/www-authenticate.js';
import { mutatingFetch } from '../taps/mutating-fetch.js';
import { isDestructiveTool } from './destructive-tool.js';
import { minimalArguments, violatingArguments } from './minimal-arguments.js';
import { probeHttpServer } from './probe-http-server.js';
import type { ProbedTool } from './probe-server.js';
import { shownUrl, type RemoteServer } from './remote-server.js';

/** The authorization cases init writes for a protected remote server, and what it found. */
export interface AuthorizationPlan {
  /** Where the server advertises its protected-resource metadata (RFC 9728), if it does. */
  readonly metadata?: string;
  /** A request without credentials is answered 401 with a Bearer challenge. */
  readonly unauthorized?: UnauthorizedCase;
  /** Calls the `--low-scope-header` credential may not make: 403 `insufficient_scope`. */
  readonly stepUps: readonly StepUpCase[];
  /** Where the server answers an authorization failure against the HTTP rules. */
  readonly findings: readonly string[];
  /** Cases not written, with why. */
  readonly skipped: readonly string[];
}

export interface UnauthorizedCase {
  /** The scopes the 401 challenge named (MCP 2025-11-25 authorization.mdx "Scope Selection"). */
  readonly scope: readonly string[];
  /**
   * The challenge's `resource_metadata`: a path on the server's origin (`/.well-known/…`), or
   * an absolute URL on another origin.
   */
  readonly resourceMetadata?: string;
}

export interface StepUpCase {
  readonly tool: string;
  readonly arguments: JsonObject;
  /** The scopes the 403 challenge named: every scope the operation needs. */
  readonly scope: readonly string[];
}

export interface ProbeAuthorizationOptions {
  readonly timeoutMs: number;
  readonly allowDestructive: boolean;
}

// Words of a permission refusal, to flag one answered as a tool result or a JSON-RPC error.
const REFUSAL = /\b(?:scopes?|permission|forbidden|unauthori[sz]ed|access denied|not allowed)\b/i;

/**
 * Whether the server protects its endpoint (a 401 Bearer challenge carrying `resource_metadata`
 * to a request without credentials, or a document at `/.well-known/oauth-protected-resource`,
 * RFC 9728 §3), and if so the cases that pin its authorization failures to HTTP (MCP 2025-11-25
 * authorization.mdx "Error Handling", "Runtime Insufficient Scope Errors"): 401 without
 * credentials; 403 `insufficient_scope` for each tool the `--low-scope-header` credential may not
 * call. A tool whose annotations say it may destroy state is called with arguments that violate
 * its inputSchema unless `allowDestructive`: refused before it runs, or rejected by its schema.
 */
export async function probeAuthorization(
  remote: RemoteServer,
  tools: readonly ProbedTool[],
  options: ProbeAuthorizationOptions,
): Promise<AuthorizationPlan> {
  const findings: string[] = [];
  const skipped: string[] = [];
  const anonymous = await initializeWithout(remote, options.timeoutMs);
  const challenge =
    anonymous?.response.status === 401
      ? bearerChallenge(anonymous.response.headers['www-authenticate'])
      : undefined;
  const metadata =
    challenge?.params['resource_metadata'] ?? (await findMetadata(remote.url, options.timeoutMs));
  if (metadata === undefined)
    return {
      stepUps: [],
      findings,
      skipped: [
        'authorization cases: the server advertises no protected-resource metadata (RFC 9728)',
      ],
    };
  const unauthorized = anonymousCase(anonymous, challenge, remote.url, findings);
  const stepUps =
    remote.lowScopeHeaders.length === 0
      ? (skipped.push(
          "step-up cases (403 insufficient_scope): pass a credential lacking a tool's scope with --low-scope-header 'Authorization: Bearer <token>'",
        ),
        [])
      : await probeStepUps(remote, tools, options, { findings, skipped });
  return {
    metadata: /^https?:/.test(metadata) ? shownUrl(new URL(metadata)) : metadata,
    ...(unauthorized === undefined ? {} : { unauthorized }),
    stepUps,
    findings,
    skipped,
  };
}

/** An `initialize` POST without the user's headers; the session it may open is deleted. */
async function initializeWithout(
  remote: RemoteServer,
  timeoutMs: number,
): Promise<HttpExchange | undefined> {
  const http = mutatingFetch();
  try {
    await http(remote.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'envelope-mutants-init', version: '1' },
        },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return undefined;
  }
  const exchange = http.last();
  const session = exchange.response.headers['mcp-session-id'];
  if (session !== undefined)
    // transports.mdx "Session Management": DELETE ends a session the client no longer needs.
    await fetch(remote.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': session },
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(() => undefined);
  return exchange;
}

/** RFC 9728 §3.1: the well-known URI with the resource's path, then without it. */
async function findMetadata(url: URL, timeoutMs: number): Promise<string | undefined> {
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const candidates = [...new Set([path, ''])].map(
    (suffix) => new URL(`/.well-known/oauth-protected-resource${suffix}`, url.origin).href,
  );
  for (const candidate of candidates) {
    try {
      const response = await fetch(candidate, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) continue;
      const document = await response.json();
      if (isJsonObject(document) && typeof document['resource'] === 'string') return candidate;
    } catch {
      continue;
    }
  }
  return undefined;
}

function anonymousCase(
  exchange: HttpExchange | undefined,
  challenge: ReturnType<typeof bearerChallenge>,
  url: URL,
  findings: string[],
): UnauthorizedCase | undefined {
  if (exchange === undefined) {
    findings.push('a request without credentials got no answer');
    return undefined;
  }
  try {
    expectHttp(exchange).toBeUnauthorized();
  } catch (error) {
    findings.push(`a request without credentials: ${oneLine(error)}`);
    return undefined;
  }
  const metadata = challenge?.params['resource_metadata'];
  let resourceMetadata = metadata;
  if (metadata !== undefined && URL.canParse(metadata)) {
    const parsed = new URL(metadata);
    resourceMetadata =
      parsed.origin === url.origin ? `${parsed.pathname}${parsed.search}` : parsed.href;
  }
  return {
    scope: challengeScopes(challenge),
    ...(resourceMetadata === undefined ? {} : { resourceMetadata }),
  };
}

async function probeStepUps(
  remote: RemoteServer,
  tools: readonly ProbedTool[],
  options: ProbeAuthorizationOptions,
  out: { findings: string[]; skipped: string[] },
): Promise<StepUpCase[]> {
  let probe: Awaited<ReturnType<typeof probeHttpServer>>;
  try {
    probe = await probeHttpServer(remote, remote.lowScopeHeaders, options);
  } catch (error) {
    out.skipped.push(
      `step-up cases: the --low-scope-header credential did not open a session (${oneLine(error)})`,
    );
    return [];
  }
  const cases: StepUpCase[] = [];
  try {
    for (const tool of tools) {
      const args = stepUpArguments(tool, options.allowDestructive);
      if (args === undefined) {
        out.skipped.push(`${tool.name} step-up: no arguments to call it with safely`);
        continue;
      }
      const outcome = await probe.call('tools/call', { name: tool.name, arguments: args });
      const exchange = probe.lastPost();
      const status = exchange?.response.status;
      if (exchange !== undefined && status === 403) {
        try {
          expectHttp(exchange).toBeAuthChallenge();
          const scope = challengeScopes(
            bearerChallenge(exchange.response.headers['www-authenticate']),
          );
          cases.push({ tool: tool.name, arguments: args, scope });
        } catch (error) {
          out.findings.push(`${tool.name} without its scope: ${oneLine(error)}`);
        }
      } else if (status === 401) {
        out.findings.push(
          `${tool.name} without its scope: HTTP 401 for a token the server accepted at initialize; a missing scope is 403 with error="insufficient_scope" (MCP 2025-11-25 authorization.mdx "Runtime Insufficient Scope Errors")`,
        );
      } else if (outcome.kind === 'envelope' && refusedInEnvelope(outcome.envelope)) {
        out.findings.push(
          `${tool.name} without its scope: answered HTTP ${status ?? 200} with a permission refusal in the envelope; an authorization failure belongs to HTTP, 403 with error="insufficient_scope" (MCP 2025-11-25 authorization.mdx "Error Handling")`,
        );
      }
    }
  } finally {
    await probe.close();
  }
  return cases;
}

/** Minimal valid arguments, or — for a tool that may destroy state — schema-violating ones. */
function stepUpArguments(tool: ProbedTool, allowDestructive: boolean): JsonObject | undefined {
  if (isDestructiveTool(tool) && !allowDestructive) return violatingArguments(tool.inputSchema);
  return minimalArguments(tool.inputSchema) ?? violatingArguments(tool.inputSchema);
}

/** A tool error or JSON-RPC error whose words are a permission refusal. */
function refusedInEnvelope(envelope: JsonObject): boolean {
  const result = envelope['result'];
  const failed =
    envelope['error'] !== undefined || (isJsonObject(result) && result['isError'] === true);
  return failed && REFUSAL.test(JSON.stringify(envelope));
}

function oneLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
  return text.length <= 300 ? text.trim() : `${text.slice(0, 299).trim()}…`;
}
