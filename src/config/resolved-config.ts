import type { Thresholds } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { ProfileName, Taxonomy } from '../taxonomy/taxonomy.js';
import type { PoolMode, ReporterName } from './config-input.js';

/** The configuration a run uses: file, then flags, then defaults; every value checked. */
export interface ResolvedConfig {
  /** Absolute path of the project root (the `cwd` given to `loadConfig`). */
  readonly projectRoot: string;
  /** Absolute path of the config file that was read, or `null` when there was none. */
  readonly configFile: string | null;
  readonly profile: ProfileName;
  /** The profile plus the project's additions (config `taxonomy`), via `resolveTaxonomy`. */
  readonly taxonomy: Taxonomy;
  readonly canaries: readonly string[];
  /** Names of the mutators to run, in catalogue order. */
  readonly mutators: readonly string[];
  /** The project's assertion labels → the rules they name. */
  readonly labels: ReadonlyMap<string, RuleName>;
  readonly thresholds: Thresholds;
  readonly strict: boolean;
  readonly seed: number;
  readonly reporters: readonly ReporterName[];
  /** Absolute path of the report directory. */
  readonly reportDir: string;
  /** Absolute path of the accepted-survivors file; absent when none is set. */
  readonly baseline?: string;
  readonly timeoutMs: number;
  readonly timeoutFactor: number;
  /** Maximum vitest workers; `null` leaves vitest's default. */
  readonly concurrency: number | null;
  /** Where the mutant rounds run: see `POOL_MODES`. */
  readonly pool: PoolMode;
  /** Globs relative to the project root; `null` leaves vitest's own `include`. */
  readonly testFiles: readonly string[] | null;
  /** Absolute path of the vitest config; `null` leaves vitest's own lookup. */
  readonly vitestConfig: string | null;
}

/** Defaults of every key the config may leave out. `seed` is fixed so runs are reproducible. */
export const CONFIG_DEFAULTS = {
  profile: 'mcp-2025-11-25',
  thresholds: { high: 80, low: 60, break: null },
  strict: false,
  seed: 1,
  reporters: ['json', 'html', 'console'],
  reportDir: 'reports/envelope-mutants',
  // Stryker's defaults: a test may take 1.5 × its normal duration + 5 s under a mutant.
  timeoutMs: 5000,
  timeoutFactor: 1.5,
  pool: 'auto',
} as const satisfies Partial<Record<keyof ResolvedConfig, unknown>>;
