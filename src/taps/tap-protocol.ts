// What travels between the runner (main process) and the taps (test workers). Both sides agree
// on these shapes; nothing here may import vitest/node or anything the workers cannot load.
import type { CheckContext } from '../oracle/check-context.js';
import { toJsonText } from '../envelope/json-text.js';

/**
 * The `provide`/`inject` key under which the runner hands its plan to the workers.
 *
 * @internal
 */
export const TAP_PLAN_KEY = 'envelopeMutants';

/**
 * The `task.meta` member where taps leave what they saw.
 *
 * @internal
 */
export const TAP_META_KEY = 'envelopeMutants';

/**
 * What a tap looks at: an envelope, a client decision, an HTTP exchange (`mutatingFetch`), a log
 * line (`tapLog`, `tapStderr`), or the id a client allocates for its next request (`connectRaw`).
 */
export type SiteKind = 'envelope' | 'decision' | 'http' | 'log' | 'request-id';

/**
 * One mutation the workers must apply: the tap at `siteKey` returns `value` instead. `original`
 * is what the tap saw in the discovery run: members the mutant left alone come from the live
 * envelope (`rebaseMutant`), so a value that differs from run to run (a request id an SDK
 * client counts, a timestamp) is never replaced by the discovery run's.
 *
 * @internal
 */
export interface PlannedMutation {
  readonly mutantId: string;
  readonly value: unknown;
  readonly original?: unknown;
}

/**
 * The round's plan. `record`: taps note every site (discovery). `mutate`: taps whose key is in
 * `mutations` return the planned value. `root` lets workers name files as the runner does.
 *
 * @internal
 */
export interface TapPlan {
  readonly mode: 'record' | 'mutate';
  readonly root: string;
  readonly mutations: Readonly<Record<string, PlannedMutation>>;
  /**
   * Instanced rounds: a test file runs once per mutant in one vitest run, each copy under its
   * own module id (`file?envelope-mutant=<tag>`, see {@link instanceModuleId}). A copy applies
   * the mutations of its tag only; `mutations` is for files run under their own id.
   */
  readonly instances?: Readonly<Record<string, Readonly<Record<string, PlannedMutation>>>>;
  /**
   * Instanced rounds: per file, the prefix of its test ids in the discovery run. vitest derives
   * a test's id from its module id, so a copy renames its tests (and the sites keyed by them) to
   * those of the file itself (see {@link canonicalTestId}).
   */
  readonly testIdPrefixes?: Readonly<Record<string, string>>;
  /**
   * Record rounds: per copy (by tag), the site whose tap hands the suite a read-tracking view of
   * its envelope and reports what it read ({@link ReadLog}), for the unobserved-mutant proof;
   * every other tap of the copy returns what it is given, as in that site's mutants' runs.
   * `null`: every envelope site of the copy does (a screen, which proves nothing by itself).
   */
  readonly tracked?: Readonly<Record<string, string | null>>;
}

/** The query that marks a copy of a test file in an instanced round. */
const INSTANCE_QUERY = '?envelope-mutant=';

/**
 * The module id of the copy `tag` of a test file: vitest runs it as a file of its own.
 *
 * @internal
 */
export function instanceModuleId(moduleId: string, tag: string): string {
  return `${moduleId}${INSTANCE_QUERY}${encodeURIComponent(tag)}`;
}

/**
 * A module id split into the test file's own id and, for a copy, its tag.
 *
 * @internal
 */
export function splitInstance(moduleId: string): { moduleId: string; tag: string | undefined } {
  const at = moduleId.lastIndexOf(INSTANCE_QUERY);
  if (at < 0) return { moduleId, tag: undefined };
  const tag = decodeURIComponent(moduleId.slice(at + INSTANCE_QUERY.length));
  return { moduleId: moduleId.slice(0, at), tag };
}

/**
 * A copy's test id as the file itself names that test. vitest's ids are `<file hash>_<position>`
 * (the position of the test in its file's tree): the hash is the module id's, the position the
 * same in every copy. Without a prefix the id stays as it is.
 *
 * @internal
 */
export function canonicalTestId(id: string, prefix: string | undefined): string {
  const at = id.indexOf('_');
  return prefix === undefined || at < 0 ? id : `${prefix}${id.slice(at)}`;
}

/**
 * The file-hash part of a vitest test id (see {@link canonicalTestId}).
 *
 * @internal
 */
export function testIdPrefix(id: string): string {
  const at = id.indexOf('_');
  return at < 0 ? id : id.slice(0, at);
}

/**
 * One observation of a site, as a worker reports it.
 *
 * @internal
 */
export interface SiteRecord {
  readonly key: string;
  readonly kind: SiteKind;
  readonly value: unknown;
  readonly check: CheckContext;
}

/**
 * A child process a test file started: its pid and its start time (`/proc/<pid>/stat`).
 *
 * @internal
 */
export interface SpawnedProcess {
  readonly pid: number;
  readonly start: string;
}

/**
 * One way a suite looked at a tapped envelope, at a path of member names (array indices as
 * strings): `value`, the member's value (a primitive, or only that it is an object or an array,
 * or that it is absent); `has`, whether the member exists; `keys`, the own member names in
 * order; `match`, which of `among` the member equals (`===`), `otherwise` when none: all a
 * client learns from an id it only uses to find the pending request (`connectRaw`).
 *
 * @internal
 */
export type Read =
  | { readonly op: 'value' | 'has' | 'keys'; readonly path: readonly string[] }
  | {
      readonly op: 'match';
      readonly path: readonly string[];
      readonly among: readonly unknown[];
      readonly otherwise: number;
    };

/**
 * Every read the suite made of one site's envelope in a tracked copy, or why its reads cannot
 * be replayed (`opaque`: the suite wrote to it, it was not plain JSON data, two observations of
 * the site saw different envelopes).
 *
 * @internal
 */
export interface ReadLog {
  readonly reads: readonly Read[];
  readonly opaque?: string;
}

/**
 * A mutant that met, at its site's key, a value of another kind than it was planned on.
 *
 * @internal
 */
export interface StrayedMutant {
  readonly mutantId: string;
  readonly key: string;
  /** What the mutant was planned on, in words (`kindOfSiteValue`): "a tool error". */
  readonly planned: string;
  /** What the tap met at the key in this run: "a success". */
  readonly met: string;
}

/**
 * What a test (or a file, for file-level sites) reports back through `task.meta`.
 *
 * @internal
 */
export interface TapReport {
  readonly sites: readonly SiteRecord[];
  /** Ids of the mutants the taps actually applied. */
  readonly applied: readonly string[];
  /**
   * Discovery only: an explicit key tapped again in the same test (or outside the tests of the
   * file) on a site of another kind than its first record (a success after a tool error), the
   * first such repeat of each key. `sites` keeps one record per key, and the key's mutants
   * would be carried over to this one too (docs/writing-suites.md, on keys).
   */
  readonly otherKinds?: readonly SiteRecord[];
  /**
   * Mutate runs only: a mutant whose site the file's taps first met on a value of another kind
   * than the one it was planned on (`kindOfSiteValue`). Nothing mutated ran before that tap, so
   * the key named another envelope than in discovery: the suite taps in an order that changes
   * from run to run (calls sent after random delays), and the mutant tested another envelope.
   */
  readonly strayed?: readonly StrayedMutant[];
  /** File reports only: the child processes the file started, so leftovers can be ended. */
  readonly spawned?: readonly SpawnedProcess[];
  /**
   * File reports of discovery only: the files outside `node_modules` that Node's own `require`
   * loaded in the file's worker (a CommonJS helper, which vite never sees), so that `--incremental`
   * fingerprints them too. Absolute paths; in a worker that ran other files first, theirs too.
   */
  readonly required?: readonly string[];
  /** File reports of tracked copies only: per tracked site key, what the suite read of it. */
  readonly reads?: Readonly<Record<string, ReadLog>>;
  /**
   * File reports of copies only: how the worker's process differed, when the copy started, from
   * when the first file in it started (`process.env.TOKEN`): an earlier copy left it changed, so
   * this copy did not start as its mutant's reference run would, in a process of its own.
   */
  readonly carried?: string;
  /**
   * Test reports of a retried test only: where, in the test's errors, its last attempt's begin.
   * vitest keeps the errors of every attempt; a retried test is red only for its last one, and
   * an earlier attempt may fail in every run, with or without a mutant.
   */
  readonly lastAttemptErrors?: number;
}

// Plan and reports cross the process boundary as JSON text: vitest's IPC uses v8's structured
// clone, which overflows its stack on an envelope nested 10,000 deep (JSON.stringify does not),
// and a report it cannot send vanishes with its sites.
declare module 'vitest' {
  interface ProvidedContext {
    /** A `TapPlan` as JSON text (see `encodeTapPayload`). */
    envelopeMutants: string;
  }
}

/**
 * A plan or a report as the JSON text that crosses the process boundary.
 *
 * @internal
 */
export function encodeTapPayload(payload: TapPlan | TapReport): string {
  return toJsonText(payload) ?? '{}';
}

/** The plan a worker was provided, or undefined outside a mutation run. */
export function decodeTapPlan(text: string | undefined): TapPlan | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as TapPlan);
}

/**
 * Type guard for a `TapReport` read back from `task.meta` (it crossed a process boundary).
 *
 * @internal
 */
export function isTapReport(value: unknown): value is TapReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Partial<Record<keyof TapReport, unknown>>;
  return Array.isArray(report.sites) && Array.isArray(report.applied);
}
