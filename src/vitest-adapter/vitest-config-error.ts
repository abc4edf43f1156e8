import { existsSync } from 'node:fs';
import path from 'node:path';
import type { createVitest } from 'vitest/node';
import { ConfigError, isConfigError } from '../errors.js';
import { failureHeadline } from '../engine/failure-headline.js';

/** The config files vitest looks for, in its order, from the root up (vitest 4.1 constants). */
const VITEST_CONFIG_FILES = ['vitest.config', 'vite.config'].flatMap((name) =>
  ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((extension) => name + extension),
);

/** vite's `Logger`, as `createVitest` takes it (vite is vitest's dependency, not ours). */
type ViteLogger = NonNullable<NonNullable<Parameters<typeof createVitest>[2]>['customLogger']>;

/** Node's error for an import of vitest (or vite, its dependency) that no node_modules holds. */
const MISSING_VITEST = /Cannot find (?:package|module) '(vitest|vite)(?:\/[^']*)?'/;

/** How long the quoted error may be: one line of the user's terminal, give or take. */
const MAX_REASON_LENGTH = 200;

export interface VitestConfigErrorOptions {
  readonly root: string;
  /** The config the project names (`vitestConfig`); `null` when vitest looks one up. */
  readonly configFile: string | null;
}

/**
 * What to say when vitest cannot start on the project's config (it throws, does not parse, or
 * exports something vitest rejects): the user can fix that, so it is a one-line ConfigError
 * naming the file and the error, not an internal error with a stack. vitest itself prints the
 * whole error, which is where the message points.
 */
export function vitestConfigError(error: unknown, options: VitestConfigErrorOptions): ConfigError {
  if (isConfigError(error)) return error;
  // Not the config's fault: vitest itself is missing, and `npx vitest run` would fetch one.
  const missing = MISSING_VITEST.exec(error instanceof Error ? error.message : String(error));
  if (missing !== null) {
    return new ConfigError(
      `vitest is not installed where envelope-mutants and the project's config can load it (Cannot find package '${missing[1]}'). envelope-mutants runs the project's suite with the project's own vitest: install it in the project (\`npm i -D vitest\`), then run again.`,
    );
  }
  const file = configFileOf(options);
  const where = file === undefined ? 'the vitest config' : shown(file, options.root);
  const flag =
    options.configFile === null || file === undefined
      ? ''
      : ` --config ${shown(file, options.root)}`;
  const dir = shown(options.root, process.cwd()) || '.';
  return new ConfigError(
    `${where}: vitest cannot start on this config (${reasonOf(error)}). Fix it; \`npx vitest run${flag}\` in ${dir} shows the whole error.`,
  );
}

/**
 * A vite logger for the loading of the project's config: vite prints "failed to load config from
 * …" before it rethrows, and the ConfigError above says that in its own line. vitest replaces the
 * logger with its own once the config is loaded, so nothing else is silenced.
 */
export function configLoadLogger(): ViteLogger {
  const warnings = new Set<string>();
  const logged = new WeakSet<object>();
  const logger: ViteLogger = {
    hasWarned: false,
    info: (message) => {
      console.log(message);
    },
    warn: (message) => {
      logger.hasWarned = true;
      console.warn(message);
    },
    warnOnce: (message) => {
      if (warnings.has(message)) return;
      warnings.add(message);
      logger.warn(message);
    },
    error: (message, options) => {
      if (options?.error) logged.add(options.error);
      if (!message.includes('failed to load config from')) console.error(message);
    },
    clearScreen: () => undefined,
    hasErrorLogged: (error) => logged.has(error),
  };
  return logger;
}

function configFileOf(options: VitestConfigErrorOptions): string | undefined {
  if (options.configFile !== null) return path.resolve(options.root, options.configFile);
  for (let dir = path.resolve(options.root); ; dir = path.dirname(dir)) {
    const found = VITEST_CONFIG_FILES.map((name) => path.join(dir, name)).find(existsSync);
    if (found !== undefined) return found;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** What went wrong, in one line (`failureHeadline`), after the error's name. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error && error.name !== 'Error' ? `${error.name}: ` : '';
  const reason = `${name}${failureHeadline(text) || 'no message'}`;
  const short =
    reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH)}…` : reason;
  return short.replace(/\.$/, '');
}

function shown(file: string, base: string): string {
  const relative = path.relative(base, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
