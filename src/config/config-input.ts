import type { RuleName } from '../oracle/rule-name.js';
import type { ProfileName } from '../taxonomy/taxonomy.js';

/**
 * The reports a run can write (config `reporters`).
 *
 * @internal
 */
export const REPORTER_NAMES = ['json', 'html', 'console'] as const;

/** @internal */
export type ReporterName = (typeof REPORTER_NAMES)[number];

/**
 * Where the mutant rounds run (config `pool`): `auto` tries vitest's vmForks pool and keeps it
 * only when the suite behaves the same there; `project` always uses the project's own pool;
 * `vmForks` always uses vmForks.
 */
export const POOL_MODES = ['auto', 'project', 'vmForks'] as const;

/** @internal */
export type PoolMode = (typeof POOL_MODES)[number];

/** The config file names looked up in the project root, in this order. */
export const CONFIG_FILE_NAMES = [
  'envelope-mutants.config.json',
  'envelope-mutants.config.js',
  'envelope-mutants.config.mjs',
] as const;

/**
 * The shape of `envelope-mutants.config.json` once it passed the schema
 * (schema/envelope-mutants.config.schema.json). Every key is optional.
 */
export interface ConfigInput {
  readonly $schema?: string;
  readonly profile?: ProfileName;
  readonly canaries?: readonly string[];
  /**
   * Values the server's envelopes may carry although they look like leaks (a directory it serves):
   * `init` reports no leak for them and writes them into the suite it generates.
   */
  readonly allowedValues?: readonly string[];
  readonly mutators?: readonly string[];
  readonly labels?: Readonly<Record<string, RuleName>>;
  /** Passed to `resolveTaxonomy`, which checks its details. */
  readonly taxonomy?: Readonly<Record<string, unknown>>;
  readonly thresholds?: ThresholdsInput;
  readonly strict?: boolean;
  readonly seed?: number;
  readonly reporters?: readonly ReporterName[];
  readonly reportDir?: string;
  /** Accepted survivors (`run --baseline`), relative to the project root. */
  readonly baseline?: string;
  readonly timeoutMs?: number;
  readonly timeoutFactor?: number;
  readonly concurrency?: number;
  readonly pool?: PoolMode;
  readonly testFiles?: readonly string[];
  readonly vitestConfig?: string;
}

export interface ThresholdsInput {
  readonly high?: number;
  readonly low?: number;
  readonly break?: number | null;
  /** The most brittle harmless mutants allowed, in percent; absent: never fails on them. */
  readonly brittle?: number;
}

/**
 * Already-parsed command-line flags. They win over the config file; a key set to `undefined`
 * (a flag that was not given) is ignored. `thresholds` merges key by key with the file's.
 *
 * @internal
 */
export type ConfigOverrides = {
  readonly [K in Exclude<keyof ConfigInput, '$schema' | 'thresholds'>]?: ConfigInput[K] | undefined;
} & {
  readonly thresholds?:
    { readonly [K in keyof ThresholdsInput]?: ThresholdsInput[K] | undefined } | undefined;
};
