import type { Readable } from 'node:stream';
import { ConfigError } from '../errors.js';
import { isJsonObject, type JsonObject } from '../envelope/json-value.js';
import type { ServerCommand } from './split-command.js';
import { loadSdk } from './load-sdk.js';

/** One tool from the server's `tools/list` (MCP 2025-11-25 tools). */
export interface ProbedTool {
  readonly name: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  /** The tool's `annotations` (MCP 2025-06-18 and later: hints, not guarantees). */
  readonly annotations?: JsonObject;
}

/** What one probe request got back: an envelope rebuilt from the SDK's answer, or no answer. */
export type ProbeOutcome =
  | { readonly kind: 'envelope'; readonly envelope: JsonObject }
  | { readonly kind: 'no-answer'; readonly reason: string };

/** A live connection to the server, for init's probes. */
export interface ServerProbe {
  readonly serverName: string;
  readonly tools: readonly ProbedTool[];
  /** Sends one request; on a session the server closed, a new session is opened first. */
  call(method: string, params: JsonObject): Promise<ProbeOutcome>;
  /** How many sessions the server closed on its own while being probed (not by `close`). */
  sessionsClosedByServer(): number;
  close(): Promise<void>;
}

/** A stdio server's probe: it also hears what the server logs. */
export interface StdioServerProbe extends ServerProbe {
  /** What the server wrote to stderr while probed, every session, by line (the last 500). */
  logLines(): readonly string[];
}

export interface ProbeServerOptions {
  /** Per request, initialize included. */
  readonly timeoutMs: number;
  readonly cwd: string;
}

// JSON-RPC error codes the SDK client raises itself (SDK `ErrorCode`): not the server's answer.
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;
const WHERE = 'init --server';

/**
 * Starts a stdio MCP server with the SDK's `Client` and `StdioClientTransport`, initializes it
 * and lists its tools (every page). A command that does not start, a server that exits or never
 * answers `initialize` within the timeout is a `ConfigError` carrying its stderr's last lines.
 * A server that closes its session later (exits after an error, say) is started again for the
 * next call, and counted: the generated suite then gives each test a session of its own.
 */
export async function probeServer(
  command: ServerCommand,
  options: ProbeServerOptions,
): Promise<StdioServerProbe> {
  const sdk = await loadStdioSdk();
  const request = { timeout: options.timeoutMs };
  let closedByServer = 0;
  let closing = false;
  const log: string[] = [];
  const open = async (): Promise<Session> => {
    const session = await openSession(sdk, command, options, (chunk) => log.push(chunk));
    session.client.onclose = () => {
      session.closed = true;
      if (!closing) closedByServer += 1;
    };
    return session;
  };
  let session = await open();
  const { client } = session;
  const tools: ProbedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, request);
    for (const tool of page.tools) tools.push(probedTool(tool));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return {
    serverName: client.getServerVersion()?.name ?? command.command,
    tools,
    call: async (method, params) => {
      if (session.closed && !closing) {
        try {
          session = await open();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return { kind: 'no-answer', reason: `the server closed its session: ${reason}` };
        }
      }
      try {
        const result = await session.client.request({ method, params }, sdk.ResultSchema, request);
        return { kind: 'envelope', envelope: { jsonrpc: '2.0', id: 0, result } as JsonObject };
      } catch (error) {
        return probeErrorOutcome(error);
      }
    },
    sessionsClosedByServer: () => closedByServer,
    logLines: () => linesOf(log.join('')).slice(-LOG_LINES),
    close: () => {
      closing = true;
      return session.client.close();
    },
  };
}

/** A server that logs every request may write thousands of lines: the suite checks the rest. */
const LOG_LINES = 500;

/** The lines of a log, as `tapStderr` splits them: no empty last line, no `\r`. */
function linesOf(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

type Sdk = Awaited<ReturnType<typeof loadStdioSdk>>;

interface Session {
  readonly client: InstanceType<Sdk['Client']>;
  closed: boolean;
}

/** One initialized session; a start that fails is a `ConfigError` carrying the stderr's tail. */
async function openSession(
  sdk: Sdk,
  command: ServerCommand,
  options: ProbeServerOptions,
  onStderr: (chunk: string) => void,
): Promise<Session> {
  const transport = new sdk.Transport({
    command: command.command,
    args: [...command.args],
    // Without `env` the SDK passes only a few variables (HOME, PATH, …): the server must see what
    // the user exported, as it would when they start it by hand.
    env: serverEnvironment(command.env),
    cwd: options.cwd,
    stderr: 'pipe',
  });
  const stream = transport.stderr as Readable | null;
  stream?.on('data', (chunk: Buffer | string) => {
    onStderr(String(chunk));
  });
  const stderr = tail(stream);
  const client = new sdk.Client({ name: 'envelope-mutants-init', version: '1' });
  // The server's pid, once started: the SDK forgets it as it starts to close.
  let pid: number | null = null;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    pid = transport.pid;
  };
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    await exited(pid);
    throw startError(command, error, stderr(), options.timeoutMs);
  }
  return { client, closed: false };
}

/**
 * Waits until the process `pid` is gone, up to 5 s. The SDK closes a server that did not answer
 * in the background (its stdin ended, SIGTERM 2 s later, SIGKILL 2 s after that), on timers that
 * hold nothing: init reports the failure once the server is gone, never leaving it running.
 */
async function exited(pid: number | null): Promise<void> {
  if (pid === null) return;
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; alive() && waited < 5_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The SDK's client and its stdio transport, or a `ConfigError` naming the install. */
function loadStdioSdk() {
  return loadSdk(WHERE, async () => {
    const stdio = await import('@modelcontextprotocol/sdk/client/stdio.js');
    return stdio.StdioClientTransport;
  });
}

/** The user's environment (its defined variables) plus the command's own. */
export function serverEnvironment(
  own: Readonly<Record<string, string>>,
  inherited: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) if (value !== undefined) env[name] = value;
  return { ...env, ...own };
}

/** A tools/list entry as init keeps it. */
export function probedTool(tool: {
  name: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}): ProbedTool {
  // A tools/list result is JSON: its schemas are JSON values.
  const inputSchema = isJsonObject(tool.inputSchema)
    ? (tool.inputSchema as JsonObject)
    : { type: 'object' };
  return {
    name: tool.name,
    inputSchema,
    ...(isJsonObject(tool.outputSchema) ? { outputSchema: tool.outputSchema as JsonObject } : {}),
    ...(isJsonObject(tool.annotations) ? { annotations: tool.annotations as JsonObject } : {}),
  };
}

/** The SDK throws `McpError` for a JSON-RPC error response: rebuild the envelope it came in. */
export function probeErrorOutcome(error: unknown): ProbeOutcome {
  const code =
    isJsonObject(error) || error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code !== 'number' || code === CONNECTION_CLOSED || code === REQUEST_TIMEOUT)
    return { kind: 'no-answer', reason: message };
  const data = (error as { data?: unknown }).data;
  const errorObject = {
    code,
    // McpError prefixes the server's message with `MCP error <code>: `.
    message: message.replace(/^MCP error -?\d+: /, ''),
    ...(data === undefined ? {} : { data }),
  };
  return {
    kind: 'envelope',
    envelope: { jsonrpc: '2.0', id: 0, error: errorObject } as JsonObject,
  };
}

function startError(
  command: ServerCommand,
  error: unknown,
  stderr: string,
  timeoutMs: number,
): ConfigError {
  const shown = [
    ...Object.entries(command.env).map(([name, value]) => `${name}=${value}`),
    command.command,
    ...command.args,
  ].join(' ');
  const code = (error as { code?: unknown } | null)?.code;
  const output = stderr === '' ? '' : ` Its stderr ended with:\n${stderr}`;
  if (code === 'ENOENT' || code === 'EACCES')
    return new ConfigError(
      `${WHERE}: "${shown}" did not start (${code}). Check the command and that it is installed.${output}`,
    );
  if (code === REQUEST_TIMEOUT)
    return new ConfigError(
      `${WHERE}: "${shown}" did not answer initialize within ${timeoutMs} ms. Check that it is an MCP server on stdio (stdout carries JSON-RPC only), or raise --timeout.${output}`,
    );
  const message = error instanceof Error ? error.message : String(error);
  return new ConfigError(
    `${WHERE}: "${shown}" closed before answering initialize (${message}). Run it by hand to see why.${output}`,
  );
}

/** The last lines a stream wrote, kept for an error message. */
function tail(stream: Readable | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer | string) => {
    text = (text + String(chunk)).slice(-2000);
  });
  return () => text.trim().split('\n').slice(-5).join('\n');
}
