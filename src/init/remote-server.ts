import { ConfigError } from '../errors.js';
import { secretRedactor } from '../secrets/redact-secrets.js';

/** One header init sends, and the environment variable the generated suite reads it from. */
export interface RemoteHeader {
  readonly name: string;
  /** Never written to a file nor printed: the suite reads it from {@link variable}. */
  readonly value: string;
  readonly variable: string;
}

/** A running MCP server on the Streamable HTTP transport, and the credentials to reach it. */
export interface RemoteServer {
  readonly url: URL;
  /** `--header`: sent with every request of the probe and of the generated suite. */
  readonly headers: readonly RemoteHeader[];
  /** `--low-scope-header`: a second credential lacking some tool's scope (step-up cases). */
  readonly lowScopeHeaders: readonly RemoteHeader[];
  /** `text` with every header value (and a credential after its scheme) hidden. */
  redact(text: string): string;
}

/** The flags {@link remoteServer} reads. */
export interface RemoteServerFlags {
  readonly url: string;
  readonly headers?: readonly string[];
  readonly lowScopeHeaders?: readonly string[];
}

// RFC 9110 §5.1: a field name is a token.
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Checks `--url` (an absolute http(s) URL without credentials in it) and each `Name: value`
 * header, and names the variable the suite reads each value from: `MCP_SECRET_<NAME>` and
 * `MCP_LOW_SCOPE_SECRET_<NAME>` (the name's letters and digits, upper-cased). The names contain
 * SECRET so that a run redacts their values from every report and log (src/secrets).
 */
export function remoteServer(flags: RemoteServerFlags): RemoteServer {
  const url = serverUrl(flags.url);
  const headers = (flags.headers ?? []).map((text) =>
    remoteHeader(text, '--header', 'MCP_SECRET_'),
  );
  const lowScopeHeaders = (flags.lowScopeHeaders ?? []).map((text) =>
    remoteHeader(text, '--low-scope-header', 'MCP_LOW_SCOPE_SECRET_'),
  );
  for (const list of [headers, lowScopeHeaders]) assertDistinct(list);
  const secrets: Record<string, string> = {};
  for (const header of [...headers, ...lowScopeHeaders]) {
    secrets[header.variable] = header.value;
    // `Bearer <token>`: the token alone is the secret a server would echo.
    const credential = /^\S+\s+(\S.*)$/.exec(header.value)?.[1];
    if (credential !== undefined) secrets[`${header.variable}_CREDENTIAL`] = credential;
  }
  const redactor = secretRedactor(secrets);
  return { url, headers, lowScopeHeaders, redact: (text) => redactor.text(text) };
}

/** The URL as init may print it: origin and path, without a query that could carry a key. */
export function shownUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** The headers as the SDK transport's `requestInit.headers` takes them. */
export function headerRecord(headers: readonly RemoteHeader[]): Record<string, string> {
  return Object.fromEntries(headers.map((header) => [header.name, header.value]));
}

function serverUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(
      `init --url: "${text}" is not an absolute URL. Pass the MCP endpoint, e.g. --url http://127.0.0.1:3000/mcp.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(
      `init --url: expected an http: or https: URL (Streamable HTTP) but received ${url.protocol}. For a stdio server use --server "<command>".`,
    );
  if (url.username !== '' || url.password !== '')
    throw new ConfigError(
      'init --url: the URL carries credentials. Remove them from the URL and pass them with --header, which the generated suite reads from the environment.',
    );
  return url;
}

function remoteHeader(text: string, flag: string, prefix: string): RemoteHeader {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (colon === -1 || !FIELD_NAME.test(name))
    throw new ConfigError(
      `init ${flag}: expected 'Name: value' (a header name, a colon, its value) but received a value without ${colon === -1 ? 'a colon' : 'a valid header name before its colon'}. Pass e.g. ${flag} 'Authorization: Bearer <token>'.`,
    );
  const value = text.slice(colon + 1).trim();
  if (value === '')
    throw new ConfigError(`init ${flag}: the header ${name} has an empty value. Pass its value.`);
  return { name, value, variable: `${prefix}${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}` };
}

function assertDistinct(headers: readonly RemoteHeader[]): void {
  const seen = new Set<string>();
  for (const header of headers) {
    if (seen.has(header.variable))
      throw new ConfigError(
        `init: the header ${header.name} is given twice. Pass each header once.`,
      );
    seen.add(header.variable);
  }
}
