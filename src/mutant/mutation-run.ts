import type { JsonPath } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';

/** mutation-testing-report-schema statuses we use; `Pending` only in an interrupted run's report. */
export type MutantStatus =
  'Killed' | 'Survived' | 'Timeout' | 'NoCoverage' | 'RuntimeError' | 'Ignored' | 'Pending';

/**
 * One place where the suite observed an envelope, a decision, an HTTP exchange or a log line, or
 * where a client allocated a request id.
 */
export interface Site {
  /** Stable key: the tap's explicit key, or `<test id>#<ordinal>` / `<file>#<ordinal>`. */
  readonly key: string;
  readonly kind: 'envelope' | 'decision' | 'http' | 'log' | 'request-id';
  /** Test file, relative to the project root, with `/` separators. */
  readonly file: string;
  /** Ids of the tests that observed the site; every test of the file when `fileLevel`. */
  readonly testIds: readonly string[];
  /** Seen outside any test (module level, describe body, beforeAll): covers its whole file. */
  readonly fileLevel: boolean;
  /** The envelope (or decision) the tap saw in the discovery run. */
  readonly value: unknown;
  /** What the tap knew about it (request id, method, in-flight ids, expected outcome). */
  readonly check: CheckContext;
}

/**
 * One test of the suite, as vitest names it.
 *
 * @internal
 */
export interface TestInfo {
  readonly id: string;
  /** Full name: describe blocks and test name joined by ` > `. */
  readonly name: string;
  readonly file: string;
  readonly durationMs?: number;
}

/** One concrete deviation to inject: (site, mutator, variant). */
export interface Mutant {
  /** Deterministic: stable hash of (site key, mutator, variant index, seed). */
  readonly id: string;
  readonly siteKey: string;
  readonly mutatorName: string;
  readonly variantIndex: number;
  readonly replacement: string;
  readonly path: JsonPath;
  /** The mutated envelope or decision handed to the tap. */
  readonly value: unknown;
}

/** Where a mutant was killed. `named` only when `rule` is one of the mutator's expected killers. */
export interface KilledAt {
  readonly test: string;
  readonly rule: RuleName | null;
  readonly named: boolean;
  /** The failure was a test (or hook) exceeding vitest's own timeout: a failed test, so a kill. */
  readonly timedOut?: boolean;
}

/**
 * How a verdict was obtained (docs/verdict-contract.md): `isolated`, in a run of the mutant
 * alone; `batched`, in a run shared with mutants of other test files, each file running as in
 * its mutant's reference run; `confirmed`, re-run alone after a shared run could not prove it
 * (or after a run in another pool); `reused`, carried over by `--incremental`; `unobserved`,
 * Survived without a run of its own: nothing the suite read of the site's envelope differs on
 * the mutant, so its reference run is the unmutated one (docs/design.md "Unobserved mutants").
 *
 * @internal
 */
export type VerdictSource = 'isolated' | 'batched' | 'confirmed' | 'reused' | 'unobserved';

export interface MutantResult {
  readonly id: string;
  readonly siteKey: string;
  readonly mutatorName: string;
  readonly replacement: string;
  readonly path: JsonPath;
  readonly status: MutantStatus;
  /** The failure message that killed it, or why it got its status. */
  readonly statusReason?: string;
  readonly killedAt?: KilledAt;
  /** Test ids that failed while it was active. */
  readonly killedBy: readonly string[];
  /** Test ids that observed its site. */
  readonly coveredBy: readonly string[];
  /** How the verdict was obtained; absent for verdicts no run decides (NoCoverage, Pending). */
  readonly verdictSource?: VerdictSource;
  /**
   * The run that decided the verdict met, at the site's key, another kind of value than the
   * mutant was planned on (a success where discovery saw a tool error): the key names another
   * envelope from run to run, and the verdict judged the mutant on that one.
   */
  readonly strayed?: StrayedSite;
}

/** What a mutant was planned on and what its run met at its site's key, in words. */
export interface StrayedSite {
  readonly planned: string;
  readonly met: string;
}

/** Everything a run produced: the input of every reporter and of the gate. */
export interface MutationRun {
  readonly projectRoot: string;
  readonly profile: string;
  readonly seed: number;
  readonly strict: boolean;
  readonly thresholds: Thresholds;
  readonly sites: readonly Site[];
  readonly tests: readonly TestInfo[];
  readonly mutants: readonly MutantResult[];
  /** False when the run was interrupted: the remaining mutants are `Pending`. */
  readonly complete: boolean;
  readonly vitestRuns: number;
  readonly durationMs: number;
  /** The vitest pool the rounds ran in, and why (absent in a run rebuilt from a report). */
  readonly pool?: { readonly pool: 'project' | 'vmForks'; readonly reason: string };
  /** A sharded run's mark, the same in each of its shards (`shardedRunMark`). */
  readonly shardedRun?: string;
}

/**
 * Stryker-style thresholds, in percent.
 *
 * @internal
 */
export interface Thresholds {
  readonly high: number;
  readonly low: number;
  readonly break: number | null;
  /** The most brittle harmless mutants allowed, in percent; absent when not configured. */
  readonly brittle?: number;
}

/**
 * `run --shard i/n`: this run tests shard `index` of `count` (1-based).
 *
 * @internal
 */
export interface ShardInfo {
  readonly index: number;
  readonly count: number;
  /** In a report: the run's mark (`shardedRunMark`); absent in reports of earlier versions. */
  readonly run?: string;
}
