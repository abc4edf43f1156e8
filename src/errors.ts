/**
 * A mistake the user can fix (config, CLI flag, bad input). The CLI prints the message without a
 * stack and exits 2. Message form: `<where>: <what is wrong>. <how to fix>`.
 * Anything else that is thrown is a bug of ours.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** @internal */
export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof Error && error.name === 'ConfigError';
}
