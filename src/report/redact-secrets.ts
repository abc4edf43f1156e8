/** Environment variable names whose values must never reach a report (CI secrets, API keys). */
const SECRET_NAME =
  /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|PRIVATE|COOKIE|SESSION|CERT/i;

/** Shorter values are too likely to occur by chance (`true`, a port) to be worth hiding. */
const MIN_SECRET_LENGTH = 6;

/** The environment shape we read: `process.env` or a test's hand-made one. */
export type Environment = Readonly<Record<string, string | undefined>>;

interface _Secret {
  readonly name: string;
  readonly value: string;
}

/** The secret-looking variables of `env`, longest value first (so a value containing another wins). */
function _secretsOf(env: Environment): readonly _Secret[] {
  const secrets: _Secret[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) {
      secrets.push({ name, value });
    }
  }
  return secrets.sort((a, b) => b.value.length - a.value.length);
}

/**
 * Replaces, in `text`, the value of every environment variable whose NAME looks secret (TOKEN,
 * SECRET, KEY, PASSWORD, CREDENTIAL, …) with `[redacted $NAME]`. Reports are uploaded as CI
 * artifacts; a mutant that planted or echoed a real credential must not publish it.
 */
export function redactSecrets(text: string, env: Environment): string {
  let redacted = text;
  for (const secret of _secretsOf(env)) {
    redacted = redacted.split(secret.value).join(`[redacted $${secret.name}]`);
  }
  return redacted;
}

/**
 * `redactSecrets` applied to every string (keys included) of a JSON-like value. Used before a
 * report is laid out, so the source locations are computed on the redacted text.
 */
export function redactSecretsDeep<T>(value: T, env: Environment): T {
  if (_secretsOf(env).length === 0) return value;
  return _redact(value, env) as T;
}

function _redact(value: unknown, env: Environment): unknown {
  if (typeof value === 'string') return redactSecrets(value, env);
  if (Array.isArray(value)) return value.map((item: unknown) => _redact(item, env));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactSecrets(key, env), _redact(item, env)]),
    );
  }
  return value;
}
