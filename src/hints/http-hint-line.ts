import { isJsonObject } from '../envelope/json-value.js';
import { bodyMessages, isHttpExchange, type HttpExchange } from '../http/http-exchange.js';
import { bearerChallenge, challengeScopes } from '../http/www-authenticate.js';
import type { RuleName } from '../oracle/rule-name.js';
import { httpProfileOf, type HttpProfile } from '../taxonomy/http-profile.js';
import { DEFAULT_PROFILE } from '../taxonomy/profiles/profiles.js';
import { isMutatorName, type MutatorName } from '../../mutators/index.js';
import type { HintLine, HintLineInput } from './hint-line-input.js';

type HttpBuilder = (input: HintLineInput, found: Observed) => HintLine | undefined;

/** The exchange the site observed, under the HTTP facts of the run's profile. */
interface Observed {
  readonly exchange: HttpExchange;
  readonly http: HttpProfile;
  /** `, { profile: '…' }` when the run's profile is not `expectHttp`'s default. */
  readonly options: string;
}

/**
 * Hints for the HTTP-layer mutators, whatever the suite's style: their sites are exchanges of
 * `mutatingFetch` (`http.exchanges`, `http.last()`), which every style holds the same way, and the
 * line is `expectHttp(exchange)` with the expectation the observed exchange answers (its failures
 * start with `[rule]`). Keyed by the catalogue's names, so a misspelt mutator fails to compile.
 */
const HTTP_BUILDERS = {
  'auth-failure-as-tool-error': (_, found) => authLine('http.auth', found),
  'auth-failure-as-success': (_, found) => authLine('http.auth', found),
  'auth-failure-as-protocol-error': (_, found) => authLine('http.auth', found),
  'drop-scope-challenge': (_, found) => authLine('http.auth', found),
  'swap-auth-status': (_, found) => authLine('http.status', found),
  'change-error-status': (_, found) => errorStatusLine(found),
  'leak-challenge-canary': (input, found) => {
    const list = input.canaries.length === 0 ? '' : `[${input.canaries.map(quote).join(', ')}]`;
    return httpLine('sanitize.leak', found, `toNotLeak(${list})`);
  },
  'change-accepted-response': (_, found) =>
    found.exchange.response.status === 202
      ? httpLine('http.status', found, 'toBeAccepted()')
      : undefined,
  'serve-foreign-origin': (_, found) =>
    found.exchange.response.status === 403 && found.http.originForbidden
      ? httpLine('http.status', found, 'toBeOriginRejected()')
      : undefined,
} as const satisfies Partial<Record<MutatorName, HttpBuilder>>;

/** @internal Whether {@link httpHintLine} writes the hint of this mutator. */
export function hasHttpHint(mutatorName: string): boolean {
  return Object.hasOwn(HTTP_BUILDERS, mutatorName);
}

/**
 * @internal The hint of an HTTP-layer mutator at an exchange site, or `undefined` when the site
 * is no exchange, the profile has no HTTP transport, or the exchange is not what the mutator
 * attacks.
 */
export function httpHintLine(input: HintLineInput): HintLine | undefined {
  if (!isMutatorName(input.mutatorName) || !hasHttpHint(input.mutatorName)) return undefined;
  const http = httpProfileOf(input.taxonomy.profile.name);
  if (http === undefined || !isHttpExchange(input.value)) return undefined;
  const options = http.name === DEFAULT_PROFILE ? '' : `, { profile: ${quote(http.name)} }`;
  const builder: HttpBuilder = HTTP_BUILDERS[input.mutatorName as keyof typeof HTTP_BUILDERS];
  return builder(input, { exchange: input.value, http, options });
}

/**
 * The authorization failure the site observed, as the test provoked it (MCP authorization.mdx
 * "Error Handling"): a 401 is `toBeUnauthorized`, a 403 a step-up `toBeAuthChallenge` naming the
 * scopes its challenge named. Both check the status and the challenge, so one line serves the
 * mutators that answer 200, drop the challenge or swap the status.
 */
function authLine(rule: RuleName, found: Observed): HintLine | undefined {
  const { status, headers } = found.exchange.response;
  if (status === 401) return httpLine(rule, found, 'toBeUnauthorized()');
  if (status !== 403) return undefined;
  const scopes = challengeScopes(bearerChallenge(headers['www-authenticate']));
  const scope = scopes.length === 0 ? '' : `{ scope: ${quote(scopes.join(' '))} }`;
  return httpLine(rule, found, `toBeAuthChallenge(${scope})`);
}

/**
 * The status a protocol error travels with, read from the request: no session id where the
 * revision has sessions (400), an unknown one (404), an `MCP-Protocol-Version` refused (400);
 * else the revision's pairing of code and status (2026-07-28), or the observed status itself.
 */
function errorStatusLine(found: Observed): HintLine | undefined {
  const { request, response } = found.exchange;
  const { status } = response;
  const session = request.headers['mcp-session-id'];
  if (found.http.sessions && status === 400 && session === undefined)
    return httpLine('http.session', found, `toBeSessionError('missing')`);
  if (found.http.sessions && status === 404 && session !== undefined)
    return httpLine('http.session', found, `toBeSessionError('unknown')`);
  if (status === 400 && request.headers['mcp-protocol-version'] !== undefined)
    return httpLine('http.status', found, 'toBeVersionRejected()');
  const paired = bodyMessages(response.body).some((message) => {
    const error = isJsonObject(message) ? message['error'] : undefined;
    return isJsonObject(error) && found.http.pairedStatuses.get(error['code'] as number) === status;
  });
  if (paired) return httpLine('http.status', found, 'toSatisfyRules()');
  return {
    rule: 'http.status',
    code: `expect(exchange, 'http.status').toHaveProperty('response.status', ${status})`,
    variable: 'exchange',
    imports: [],
  };
}

function httpLine(rule: RuleName, found: Observed, expectation: string): HintLine {
  return {
    rule,
    code: `expectHttp(exchange${found.options}).${expectation}`,
    variable: 'exchange',
    imports: [{ name: 'expectHttp', from: 'envelope-mutants' }],
  };
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
