import { existsSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRuleName, type RuleName } from '../oracle/rule-name.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { ConfigError, isConfigError } from '../errors.js';
import { statOrNothing } from '../secrets/stat-or-nothing.js';
import { CONFIG_FILE_NAMES, type ConfigInput, type ConfigOverrides } from './config-input.js';
import { findConfigFile, readConfigFile } from './read-config-file.js';
import { CONFIG_DEFAULTS, type ResolvedConfig } from './resolved-config.js';
import { selectMutatorNames } from './select-mutators.js';
import { validateConfigInput } from './validate-config-input.js';

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** The project root: where the config file is looked up and relative paths start. */
  readonly cwd: string;
  /** An explicit config file (`--config`), relative to `cwd`; no lookup then. */
  readonly configPath?: string | undefined;
  /** Already-parsed command-line flags; they win over the file. */
  readonly overrides?: ConfigOverrides | undefined;
}

/** How messages name a value that came from the command line. */
export const FLAGS_WHERE = 'command line';

const SUPPORTED_EXTENSIONS = ['.json', '.js', '.mjs', '.cjs'] as const;

/**
 * Reads, checks and completes the configuration of a run: the config file of the project root
 * (`envelope-mutants.config.json`, `.js` or `.mjs`) or `configPath`, then `overrides`, then the
 * defaults. Every mistake is a {@link ConfigError} naming the file (or the command line) and the
 * field, saying how to fix it.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const projectRoot = resolve(options.cwd);
  // Checked first, so that a mistyped --root is the one thing said, before any phase starts.
  const stats = statOrNothing(projectRoot);
  if (stats?.isDirectory() !== true) {
    const what = stats === undefined ? 'does not exist' : 'is a file, not a directory';
    throw new ConfigError(
      `--root: ${projectRoot} ${what}. Pass the directory of a vitest project.`,
    );
  }
  const configFile = locate(projectRoot, options.configPath);
  const fileWhere = configFile === null ? 'config' : display(projectRoot, configFile);
  const fromFile =
    configFile === null
      ? {}
      : validateConfigInput(await readConfigFile(configFile, fileWhere), fileWhere);
  const flags = validateConfigInput(definedOnly(options.overrides ?? {}), FLAGS_WHERE, true);
  const whereOf = (key: keyof ConfigInput): string => (key in flags ? FLAGS_WHERE : fileWhere);
  return resolveConfig(projectRoot, configFile, merge(fromFile, flags), whereOf);
}

function locate(projectRoot: string, configPath: string | undefined): string | null {
  if (configPath === undefined) return findConfigFile(projectRoot);
  if (configPath.trim() === '') {
    throw new ConfigError(
      '--config: the path is empty (an unset variable?). Name the config file, or leave --config out to use the one in the project root.',
    );
  }
  const file = resolve(projectRoot, configPath);
  if (statOrNothing(file)?.isDirectory() === true) {
    const other =
      file === projectRoot
        ? "or leave --config out to use the project root's config file"
        : `or pass --root ${configPath} to run the project it holds`;
    throw new ConfigError(
      `--config: "${configPath}" is a folder. Name the config file in it (--config ${join(configPath, CONFIG_FILE_NAMES[0])}), ${other}.`,
    );
  }
  const extension = extname(file);
  if (!(SUPPORTED_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new ConfigError(
      `--config: unsupported file type "${extension}". Use a .json, .js or .mjs config file.`,
    );
  }
  if (!existsSync(file)) {
    throw new ConfigError(
      `--config: no file at "${configPath}". Check the path; it is relative to the project root.`,
    );
  }
  return file;
}

/** The file as the user knows it: relative to the project root, with `/` separators. */
function display(projectRoot: string, file: string): string {
  const shown = relative(projectRoot, file);
  return (shown === '' || isAbsolute(shown) ? file : shown).split(sep).join('/');
}

/** Commander leaves absent flags `undefined`; they must not erase the file's values. */
function definedOnly(overrides: ConfigOverrides): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    out[key] =
      // A programmatic caller may pass `thresholds: null`; the schema refuses it with a message.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      key === 'thresholds' && typeof value === 'object' && value !== null
        ? definedOnly(value as ConfigOverrides)
        : value;
  }
  return out;
}

function merge(file: ConfigInput, flags: ConfigInput): ConfigInput {
  return { ...file, ...flags, thresholds: { ...file.thresholds, ...flags.thresholds } };
}

function resolveConfig(
  projectRoot: string,
  configFile: string | null,
  input: ConfigInput,
  whereOf: (key: keyof ConfigInput) => string,
): ResolvedConfig {
  const profile = input.profile ?? CONFIG_DEFAULTS.profile;
  const config: ResolvedConfig = {
    projectRoot,
    configFile,
    profile,
    taxonomy: taxonomyOf(profile, input.taxonomy, whereOf('taxonomy')),
    canaries: Object.freeze([...(input.canaries ?? [])]),
    mutators: selectMutatorNames(input.mutators, whereOf('mutators')),
    labels: labelsOf(input.labels, whereOf('labels')),
    thresholds: thresholdsOf(input, whereOf('thresholds')),
    strict: input.strict ?? CONFIG_DEFAULTS.strict,
    seed: input.seed ?? CONFIG_DEFAULTS.seed,
    reporters: Object.freeze([...(input.reporters ?? CONFIG_DEFAULTS.reporters)]),
    reportDir: resolve(projectRoot, input.reportDir ?? CONFIG_DEFAULTS.reportDir),
    ...(input.baseline === undefined ? {} : { baseline: resolve(projectRoot, input.baseline) }),
    timeoutMs: input.timeoutMs ?? CONFIG_DEFAULTS.timeoutMs,
    timeoutFactor: input.timeoutFactor ?? CONFIG_DEFAULTS.timeoutFactor,
    concurrency: input.concurrency ?? null,
    pool: input.pool ?? CONFIG_DEFAULTS.pool,
    testFiles: input.testFiles === undefined ? null : Object.freeze([...input.testFiles]),
    vitestConfig: vitestConfig(projectRoot, input.vitestConfig, whereOf('vitestConfig')),
  };
  return Object.freeze(config);
}

function taxonomyOf(profile: string, taxonomy: unknown, where: string): Taxonomy {
  try {
    return resolveTaxonomy({ profile, taxonomy });
  } catch (error) {
    // resolveTaxonomy names the field (`taxonomy.codes[0].code: …`); we add the file.
    if (isConfigError(error)) throw new ConfigError(`${where}: ${error.message}`);
    throw error;
  }
}

/**
 * The project's labels, once the schema checked their rules: a blank label names no assertion,
 * and a rule's own name always names that rule (the oracle reads it first), so mapping it to
 * another would be ignored where it matters and misleading everywhere else.
 */
function labelsOf(
  labels: Readonly<Record<string, RuleName>> | undefined,
  where: string,
): ReadonlyMap<string, RuleName> {
  const entries = Object.entries(labels ?? {});
  for (const [label, rule] of entries) {
    if (label.trim() === '') {
      throw new ConfigError(
        `${where}: labels: the label ${JSON.stringify(label)} is blank, and no assertion message starts with it. Remove it.`,
      );
    }
    if (label !== label.trim()) {
      throw new ConfigError(
        `${where}: labels: the label ${JSON.stringify(label)} has spaces around it, which are never part of a message's label. Write ${JSON.stringify(label.trim())}.`,
      );
    }
    if (isRuleName(label) && rule !== label) {
      throw new ConfigError(
        `${where}: labels: "${label}" is a rule's own name and always names that rule, not ${rule}. Remove the entry, or label the assertions with a name of your own.`,
      );
    }
  }
  return new Map(entries);
}

function thresholdsOf(input: ConfigInput, where: string): ResolvedConfig['thresholds'] {
  const thresholds = { ...CONFIG_DEFAULTS.thresholds, ...input.thresholds };
  if (thresholds.low > thresholds.high) {
    throw new ConfigError(
      `${where}: thresholds.low (${thresholds.low}) is above thresholds.high (${thresholds.high}). Make low at most high.`,
    );
  }
  return Object.freeze(thresholds);
}

function vitestConfig(projectRoot: string, path: string | undefined, where: string): string | null {
  if (path === undefined) return null;
  const file = resolve(projectRoot, path);
  const stats = statOrNothing(file);
  if (stats === undefined) {
    throw new ConfigError(
      `${where}: vitestConfig: no file at "${path}". Fix the path (relative to the project root) or remove the key to let vitest find its config.`,
    );
  }
  if (stats.isDirectory()) {
    throw new ConfigError(
      `${where}: vitestConfig: "${path}" is a folder. Name the vitest config file in it (such as ${join(path, 'vitest.config.ts')}), or remove the key to let vitest find its config.`,
    );
  }
  return file;
}
