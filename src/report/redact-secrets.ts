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
  return _redactText(text, _secretsOf(env));
}

function _redactText(text: string, secrets: readonly _Secret[]): string {
  let redacted = text;
  for (const secret of secrets) {
    redacted = redacted.split(secret.value).join(`[redacted $${secret.name}]`);
  }
  return redacted;
}

/**
 * `redactSecrets` applied to every string (keys included) of a JSON-like value. Used before a
 * report is laid out, so the source locations are computed on the redacted text.
 */
export function redactSecretsDeep<T>(value: T, env: Environment): T {
  const secrets = _secretsOf(env);
  if (secrets.length === 0) return value;
  return _redact(value, secrets) as T;
}

type _Container = Record<string | number, unknown>;

/** A copy with every string redacted. Iterative: a site may nest 10,000 deep. */
function _redact(root: unknown, secrets: readonly _Secret[]): unknown {
  const holder: _Container = {};
  const work: { source: unknown; target: _Container; key: string | number }[] = [
    { source: root, target: holder, key: 'root' },
  ];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const { source, target, key } = next;
    if (Array.isArray(source)) {
      const copy: unknown[] = new Array<unknown>(source.length);
      _set(target, key, copy);
      source.forEach((item: unknown, index) => {
        work.push({ source: item, target: copy as unknown as _Container, key: index });
      });
    } else if (typeof source === 'object' && source !== null) {
      const copy: _Container = {};
      _set(target, key, copy);
      for (const [name, item] of Object.entries(source)) {
        const redactedName = _redactText(name, secrets);
        // Reserve the member now so the copy keeps the source's key order.
        _set(copy, redactedName, undefined);
        work.push({ source: item, target: copy, key: redactedName });
      }
    } else {
      _set(target, key, typeof source === 'string' ? _redactText(source, secrets) : source);
    }
  }
  return holder.root;
}

/** An own member even for `__proto__` (JSON.parse makes it one; plain assignment would not). */
function _set(target: _Container, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
