/** One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): its scheme and parameters. */
export interface AuthChallenge {
  /** As sent; compare case-insensitively (RFC 9110 §11.1). */
  readonly scheme: string;
  /** Parameter names lower-cased (RFC 9110 §11.2: case-insensitive), values unquoted. */
  readonly params: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;

/**
 * The challenges of a `WWW-Authenticate` value (RFC 9110 §11.6.1: `auth-scheme [ 1*SP #auth-param
 * ]`, challenges separated by commas). Tolerant: a token68 or a malformed stretch is skipped, never
 * thrown on, so a broken header reads as "no usable challenge".
 */
export function parseChallenges(header: string | undefined): AuthChallenge[] {
  if (header === undefined) return [];
  const challenges: { scheme: string; params: Record<string, string> }[] = [];
  let rest = header.trim();
  while (rest.length > 0) {
    rest = rest.replace(/^[\s,]+/, '');
    const name = TOKEN.exec(rest)?.[0];
    if (name === undefined) break;
    const afterName = rest.slice(name.length);
    const current = challenges[challenges.length - 1];
    if (current !== undefined && /^=+\s*(?:,|$)/.test(afterName)) {
      // A token68 (`abc==`): not a parameter list; skip it.
      rest = afterName.replace(/^=+/, '');
      continue;
    }
    const param = /^\s*=\s*/.exec(afterName);
    // `=` after the token makes it a parameter of the current challenge; else a new scheme.
    if (param !== null && current !== undefined) {
      const [value, remaining] = readValue(afterName.slice(param[0].length));
      current.params[name.toLowerCase()] = value;
      rest = remaining;
      continue;
    }
    challenges.push({ scheme: name, params: {} });
    rest = afterName;
  }
  return challenges;
}

/** The first `Bearer` challenge (RFC 6750 §3), if any. */
export function bearerChallenge(header: string | undefined): AuthChallenge | undefined {
  return parseChallenges(header).find((challenge) => challenge.scheme.toLowerCase() === 'bearer');
}

/**
 * The scopes of a challenge's `scope` parameter (RFC 6750 §3: space-delimited).
 *
 * @internal
 */
export function challengeScopes(challenge: AuthChallenge | undefined): string[] {
  const scope = challenge?.params['scope'];
  return scope === undefined ? [] : scope.split(/\s+/).filter((item) => item !== '');
}

/**
 * A challenge as header text: `Bearer name="value", …` with every value quoted (RFC 9110
 * §5.6.4 quoted-string; `"` and `\` escaped).
 */
export function formatChallenge(challenge: AuthChallenge): string {
  const params = Object.entries(challenge.params).map(
    ([name, value]) => `${name}="${value.replace(/["\\]/g, (char) => `\\${char}`)}"`,
  );
  return params.length === 0 ? challenge.scheme : `${challenge.scheme} ${params.join(', ')}`;
}

/** A token or a quoted-string (with `\` escapes), and what follows it. */
function readValue(text: string): [string, string] {
  if (!text.startsWith('"')) {
    const token = TOKEN.exec(text)?.[0] ?? '';
    return [token, text.slice(token.length)];
  }
  let value = '';
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === '\\' && index + 1 < text.length) {
      value += text[index + 1] as string;
      index += 1;
    } else if (char === '"') {
      return [value, text.slice(index + 1)];
    } else {
      value += char;
    }
  }
  return [value, ''];
}
