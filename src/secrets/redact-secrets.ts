import { secretPattern } from './secret-pattern.js';

/** Environment variable names whose values must never reach a report (CI secrets, API keys). */
const SECRET_NAME =
  /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|PRIVATE|COOKIE|SESSION|CERT/i;

/** Shorter values are too likely to occur by chance (`true`, a port) to be worth hiding. */
const MIN_SECRET_LENGTH = 6;

/**
 * The environment shape we read: `process.env` or a test's hand-made one.
 *
 * @internal
 */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Hides the secrets of one environment in any text or JSON-like value. */
export interface SecretRedactor {
  /** `text` with every form of every secret (see `secretPattern`) replaced by `[redacted $NAME]`. */
  readonly text: (text: string) => string;
  /** A copy of a JSON-like value with every string, keys included, redacted as `text` does. */
  deep<T>(value: T): T;
}

interface Secret {
  readonly name: string;
  readonly value: string;
  readonly pattern: RegExp;
}

// One redactor per environment object: building the patterns costs more than using them.
const redactors = new WeakMap<
  Environment,
  { readonly key: string; readonly redactor: SecretRedactor }
>();

/**
 * The redactor of every environment variable whose NAME looks secret (TOKEN, SECRET, KEY,
 * PASSWORD, CREDENTIAL, …). Reports, state files and console output are published as CI
 * artifacts; a mutant that planted or echoed a real credential must not publish it, in any
 * encoding the artifact gives it.
 *
 * @internal
 */
export function secretRedactor(env: Environment): SecretRedactor {
  const named = secretsOf(env);
  const key = named.map(({ name, value }) => `${name}=${value}`).join('\0');
  const cached = redactors.get(env);
  if (cached?.key === key) return cached.redactor;
  const secrets = named.map((secret) => ({ ...secret, pattern: secretPattern(secret.value) }));
  const redactor: SecretRedactor = {
    text: (text) => redactText(text, secrets),
    deep: (value) => (secrets.length === 0 ? value : redactDeep(value, secrets)),
  };
  redactors.set(env, { key, redactor });
  return redactor;
}

/**
 * `secretRedactor(env).text(text)`.
 *
 * @internal
 */
export function redactSecrets(text: string, env: Environment): string {
  return secretRedactor(env).text(text);
}

/**
 * `secretRedactor(env).deep(value)`. Used before a report is laid out, so the source locations
 * are computed on the redacted text.
 *
 * @internal
 */
export function redactSecretsDeep<T>(value: T, env: Environment): T {
  return secretRedactor(env).deep(value);
}

/** The secret-looking variables of `env`, longest value first (so a value containing another wins). */
function secretsOf(env: Environment): { readonly name: string; readonly value: string }[] {
  const secrets: { name: string; value: string }[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (
      value !== undefined &&
      Array.from(value).length >= MIN_SECRET_LENGTH &&
      SECRET_NAME.test(name)
    ) {
      secrets.push({ name, value });
    }
  }
  return secrets.sort((a, b) => b.value.length - a.value.length || a.name.localeCompare(b.name));
}

function redactText(text: string, secrets: readonly Secret[]): string {
  let redacted = text;
  for (const secret of secrets) {
    redacted = redacted.replace(secret.pattern, () => `[redacted $${secret.name}]`);
  }
  return redacted;
}

type Container = Record<string | number, unknown>;

/** A copy with every string redacted. Iterative: a site may nest 10,000 deep. */
function redactDeep<T>(root: T, secrets: readonly Secret[]): T {
  const holder: Container = {};
  const work: { source: unknown; target: Container; key: string | number }[] = [
    { source: root, target: holder, key: 'root' },
  ];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const { source, target, key } = next;
    if (Array.isArray(source)) {
      const copy: unknown[] = new Array<unknown>(source.length);
      setOwn(target, key, copy);
      source.forEach((item: unknown, index) => {
        work.push({ source: item, target: copy as unknown as Container, key: index });
      });
    } else if (typeof source === 'object' && source !== null) {
      const copy: Container = {};
      setOwn(target, key, copy);
      for (const [name, item] of Object.entries(source)) {
        const redactedName = redactText(name, secrets);
        // Reserve the member now so the copy keeps the source's key order.
        setOwn(copy, redactedName, undefined);
        work.push({ source: item, target: copy, key: redactedName });
      }
    } else {
      setOwn(target, key, typeof source === 'string' ? redactText(source, secrets) : source);
    }
  }
  return holder['root'] as T;
}

/** An own member even for `__proto__` (JSON.parse makes it one; plain assignment would not). */
function setOwn(target: Container, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
