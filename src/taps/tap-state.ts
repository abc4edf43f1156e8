// The per-worker state the setup file installs and the taps consult. Its holder lives on
// globalThis so that two copies of the library in one worker (the setup file's and the suite's)
// share it; each copy keeps a reference, so a tap outside a mutation run costs one property read.
import type { CheckContext } from '../oracle/check-context.js';
import { envelopeKind } from '../envelope/envelope-kind.js';
import { kindOfSiteValue } from './kind-of-site-value.js';
import { toJsonText } from '../envelope/json-text.js';
import { rebaseMutant, sameJson } from './rebase-mutant.js';
import { newReadRecorder, toReadLog, trackReads, type ReadRecorder } from './track-reads.js';
import type {
  PlannedMutation,
  ReadLog,
  SiteKind,
  SpawnedProcess,
  SiteRecord,
  StrayedMutant,
  TapPlan,
  TapReport,
} from './tap-protocol.js';

const STATE_KEY = Symbol.for('envelope-mutants.tap-state');

/** One holder per worker, shared by every copy of this module; read as a plain property. */
interface StateHolder {
  state: TapState | undefined;
}

const HOLDER: StateHolder = ((globalThis as Record<symbol, StateHolder | undefined>)[STATE_KEY] ??=
  {
    state: undefined,
  });

/** What one test (or one file, for file-level sites) saw and applied so far. */
export interface ScopeLog {
  /**
   * Put before the counter of each implicit key the log numbers: `''` for a test's own taps and a
   * file's; {@link BEFORE_HOOKS} and {@link AFTER_FINISHED} for what an attempt tapped around them.
   */
  readonly counters: string;
  readonly sites: SiteRecord[];
  readonly applied: string[];
  readonly ordinals: Map<string, number>;
  /** Explicit keys tapped again on a site of another kind (`TapReport.otherKinds`). */
  readonly otherKinds: SiteRecord[];
  /** Mutants first met on a value of another kind than planned (`TapReport.strayed`). */
  readonly strayed: StrayedMutant[];
}

/**
 * Installed by the setup file in every test file of a mutation run.
 *
 * @internal
 */
export interface TapState {
  readonly plan: TapPlan;
  /** The test file, relative to the project root, `/`-separated. */
  readonly file: string;
  /** The id of the running test, or undefined at module level, in describe bodies and *All hooks. */
  readonly currentTestId: () => string | undefined;
  readonly tests: Map<string, ScopeLog>;
  readonly fileLog: ScopeLog;
  /** Child processes the file's code started (see `watchSpawns`). */
  readonly spawned: SpawnedProcess[];
  /**
   * The mutants whose site a tap of the file met already (mutate mode): only the first meeting
   * is compared with the plan, since what follows it may be the mutant's own doing.
   */
  readonly met: Set<string>;
  /**
   * In a tracked copy (record mode only): which envelope sites' taps hand out views (one, or
   * `null` for every one) and what the suite read of each. Undefined elsewhere.
   */
  readonly tracking: Tracking | undefined;
  /**
   * Called after a site outside any test is recorded (record mode) or a mutant is first applied
   * there (mutate mode), while the setup file wants to hear of it: it writes them on the file's
   * task as the file is collected.
   */
  onFileSite: (() => void) | undefined;
  /**
   * The log a test's tap writes to, where the setup file tells the phases of its attempts apart;
   * else (undefined, or undefined for the test) one log per test in {@link TapState.tests}.
   */
  testLog: ((testId: string) => ScopeLog | undefined) | undefined;
}

/** The tracked sites of a copy and, per site key, what the suite read of it so far. */
export interface Tracking {
  readonly only: string | null;
  readonly logs: Map<string, SiteReads>;
}

/** What the suite read of one site, and the envelope's JSON text when first seen. */
interface SiteReads {
  readonly recorder: ReadRecorder;
  readonly text: string;
}

/** How a tap names its site: an explicit key, or a label that prefixes the ordinal. */
export interface SiteSpec {
  readonly key?: string | undefined;
  readonly label?: string | undefined;
  /** The key taken when the call this site answers was made (`reserveSite`). */
  readonly reserved?: ReservedSite | undefined;
  readonly check: CheckContext;
}

/** A site's key, taken in its scope before its value arrives (`reserveSite`). */
export interface ReservedSite {
  readonly log: ScopeLog;
  readonly key: string;
}

/**
 * The active state, or undefined outside a mutation run (the hot path of every tap).
 *
 * @internal
 */
export function activeTapState(): TapState | undefined {
  return HOLDER.state;
}

/**
 * Installs (or replaces) the worker's state; returns it. Only the setup file calls this.
 *
 * @internal
 */
export function installTapState(
  plan: TapPlan,
  file: string,
  currentTestId: () => string | undefined,
  tracked?: string | null,
): TapState {
  const state: TapState = {
    plan,
    file,
    currentTestId,
    tests: new Map(),
    fileLog: newScopeLog(),
    spawned: [],
    met: new Set(),
    tracking:
      tracked !== undefined && plan.mode === 'record'
        ? { only: tracked, logs: new Map() }
        : undefined,
    onFileSite: undefined,
    testLog: undefined,
  };
  HOLDER.state = state;
  return state;
}

/**
 * Removes the worker's state: every tap is the identity again.
 *
 * @internal
 */
export function clearTapState(): void {
  HOLDER.state = undefined;
}

export function newScopeLog(counters = ''): ScopeLog {
  return { counters, sites: [], applied: [], ordinals: new Map(), otherKinds: [], strayed: [] };
}

/**
 * The counters of what an attempt taps before the harness's `beforeEach` opens its log: its auto
 * fixtures (`test.extend` with `auto: true`, which vitest sets up as it enters that hook) and an
 * `aroundEach` before `runTest()`. Numbered apart, the test's own taps keep their keys in every
 * attempt, where a fixture of the file or worker is set up in the first attempt only.
 */
export const BEFORE_HOOKS = 'before>';

/**
 * The counters of what a test taps after the harness's `onTestFinished` wrote its report (an
 * `onTestFailed` callback, code after `await runTest()` in an `aroundEach`): no report holds
 * them, so no mutant is planned on them, and numbered apart they take no test's key.
 */
export const AFTER_FINISHED = 'after>';

/**
 * One attempt's log of what it tapped before its `beforeEach` ({@link BEFORE_HOOKS}) and its log
 * from there on, as one.
 *
 * @internal
 */
export function joinLogs(before: ScopeLog, log: ScopeLog): ScopeLog {
  return {
    counters: log.counters,
    sites: [...before.sites, ...log.sites],
    applied: [...new Set([...before.applied, ...log.applied])],
    ordinals: log.ordinals,
    otherKinds: [...before.otherKinds, ...log.otherKinds],
    strayed: [...before.strayed, ...log.strayed],
  };
}

/**
 * The log of a test's latest attempt (a retry, a repeat) with what its earlier attempts saw: each
 * attempt counts its ordinals from 0, so a key names the same tap in every attempt, and the
 * latest attempt's record of a key stands, as do its notes of keys tapped again on another kind.
 * A tap that only an earlier attempt reached is a site too — with `retry`, a failed attempt's
 * envelope is one the suite observed, and `vitest run` still goes green when the retry passes —
 * and a mutant applied in any attempt reached its site.
 *
 * @internal
 */
export function withEarlierAttempts(latest: ScopeLog, earlier: ScopeLog | undefined): ScopeLog {
  if (earlier === undefined) return latest;
  const keys = new Set(latest.sites.map((site) => site.key));
  return {
    counters: latest.counters,
    sites: [...latest.sites, ...earlier.sites.filter((site) => !keys.has(site.key))],
    applied: [...new Set([...earlier.applied, ...latest.applied])],
    ordinals: latest.ordinals,
    otherKinds: otherKindsOfAttempts(latest, earlier),
    // A mutant is met first once per file: in whichever attempt met it.
    strayed: [...earlier.strayed, ...latest.strayed],
  };
}

/**
 * The keys tapped on another kind of site in any attempt of a retried test (`otherKinds`), the
 * first record of each. A key's mutants are applied in every attempt, so one planned on what the
 * latest attempt saw lands on what an earlier one saw there (a success before the stock ran out,
 * a tool error after). So an earlier attempt counts twice: its own repeats of a key, and its
 * records of a key that the latest attempt saw on another kind, implicit keys included (every
 * attempt numbers its taps anew).
 */
function otherKindsOfAttempts(latest: ScopeLog, earlier: ScopeLog): SiteRecord[] {
  const latestAt = new Map(latest.sites.map((site) => [site.key, site]));
  const differs = (record: SiteRecord): boolean => {
    const site = latestAt.get(record.key);
    return site !== undefined && !sameSiteKind(site, record);
  };
  const notes = new Map<string, SiteRecord>();
  for (const record of [
    ...latest.otherKinds,
    ...earlier.otherKinds,
    ...earlier.sites.filter(differs),
  ]) {
    if (!notes.has(record.key)) notes.set(record.key, record);
  }
  return [...notes.values()];
}

/** A log as it goes back to the runner in `task.meta`. */
export function toTapReport(log: ScopeLog): TapReport {
  const { sites, applied, otherKinds, strayed } = log;
  return {
    sites,
    applied,
    ...(otherKinds.length === 0 ? {} : { otherKinds }),
    ...(strayed.length === 0 ? {} : { strayed }),
  };
}

/** What the suite read of the tracked sites of a copy, for the file's report. */
export function readLogsOf(state: TapState): Record<string, ReadLog> | undefined {
  const { tracking } = state;
  if (tracking === undefined) return undefined;
  return Object.fromEntries(
    [...tracking.logs].map(([key, { recorder }]) => [key, toReadLog(recorder)]),
  );
}

/** Marks every log of a tracked copy opaque (the suite did something no read log replays). */
export function makeOpaque(tracking: Tracking, why: string): void {
  for (const { recorder } of tracking.logs.values()) recorder.opaque ??= why;
}

/**
 * The core of every tap: names the site, records it (record mode) or swaps in the planned
 * mutant (mutate mode). Keys: the explicit key, else `<test id>#[label#]<ordinal>` inside a test,
 * `<file>#[label#]<ordinal>` outside one (the site then covers the whole file).
 */
export function observeSite<T>(state: TapState, kind: SiteKind, value: T, spec: SiteSpec): T {
  const { log, scope } = currentScope(state);
  const reserved = spec.reserved?.log === log ? spec.reserved.key : undefined;
  const key = spec.key ?? reserved ?? nextImplicitKey(log, scope, spec.label);
  if (state.plan.mode === 'record') {
    const recorded = log.sites.find((site) => site.key === key);
    if (recorded === undefined) {
      record(log.sites, { key, kind, value, check: spec.check });
      if (log === state.fileLog) state.onFileSite?.();
    } else if (spec.key !== undefined && !log.otherKinds.some((site) => site.key === key)) {
      if (!sameSiteKind(recorded, { kind, value }))
        record(log.otherKinds, { key, kind, value, check: {} });
    }
    const { tracking } = state;
    return kind === 'envelope' && tracking !== undefined && (tracking.only ?? key) === key
      ? trackedView(tracking, key, value)
      : value;
  }
  const mutation = state.plan.mutations[key];
  if (mutation === undefined) return value;
  if (!log.applied.includes(mutation.mutantId)) {
    log.applied.push(mutation.mutantId);
    // Said at once where the tap is outside a test: a mutant that makes every test of the file
    // skip itself (`test.runIf` on the envelope) leaves no hook to write the file's report, and
    // its run is green with the site reached.
    if (log === state.fileLog) state.onFileSite?.();
  }
  if (!state.met.has(mutation.mutantId)) {
    state.met.add(mutation.mutantId);
    const stray = strayOf(mutation, key, kind, value);
    if (stray !== undefined) log.strayed.push(stray);
  }
  // A fresh copy per observation: the suite may modify what it receives.
  return jsonClone(mutantOf(mutation, value)) as T;
}

/**
 * The mutant, when the tap meets its key for the first time in its file on a value of another
 * kind than discovery planned it on. Until then nothing mutated has run, so the run is the
 * discovery run's; a key that names another envelope now (the second of two calls sent after
 * random delays, answered first) makes the mutant test that one, where it may break nothing.
 */
function strayOf(
  mutation: PlannedMutation,
  key: string,
  kind: SiteKind,
  live: unknown,
): StrayedMutant | undefined {
  if (!('original' in mutation)) return undefined;
  const [planned, met] = [kindOfSiteValue(kind, mutation.original), kindOfSiteValue(kind, live)];
  return planned === undefined || met === undefined || planned === met
    ? undefined
    : { mutantId: mutation.mutantId, key, planned, met };
}

/** The planned mutant, carried over to what the tap sees now when that differs from discovery. */
function mutantOf(mutation: PlannedMutation, live: unknown): unknown {
  if (!('original' in mutation) || sameJson(mutation.original, live)) return mutation.value;
  try {
    return rebaseMutant(mutation.original, mutation.value, live);
  } catch {
    // Nested deeper than the stack allows: the mutant as planned.
    return mutation.value;
  }
}

/**
 * The read-tracking view of an envelope the suite gets at the tracked site. Every observation of
 * the key shares one log: the proof needs each of them to have seen the envelope the mutant
 * replaces. The copy is then not the unmutated run's object: the copy's tests and sites must say
 * what the reference run said, or it proves nothing.
 */
function trackedView<T>(tracking: Tracking, key: string, value: T): T {
  let text: string | undefined;
  try {
    text = toJsonText(value);
  } catch {
    // Not JSON: the log is opaque below, and the suite gets its value.
  }
  let reads = tracking.logs.get(key);
  if (reads === undefined) {
    reads = { recorder: newReadRecorder(), text: text ?? '' };
    tracking.logs.set(key, reads);
  }
  if (text === undefined || reads.text !== text) {
    reads.recorder.opaque ??= 'observations of the site saw different envelopes';
    return value;
  }
  // A view of a detached JSON copy, as a mutant is one (`jsonClone` above): a write to the live
  // envelope after the tap, or a member JSON would drop, reaches neither.
  try {
    return trackReads(JSON.parse(text) as T, reads.recorder);
  } catch {
    reads.recorder.opaque ??= 'the envelope is nested deeper than JSON.parse reaches';
    return value;
  }
}

/** Whether two sites are of one kind, two envelopes of one `envelopeKind`: a key's mutants fit both. */
function sameSiteKind(
  a: Pick<SiteRecord, 'kind' | 'value'>,
  b: Pick<SiteRecord, 'kind' | 'value'>,
): boolean {
  return (
    a.kind === b.kind && (a.kind !== 'envelope' || envelopeKind(a.value) === envelopeKind(b.value))
  );
}

function record(into: SiteRecord[], site: SiteRecord): void {
  try {
    into.push({ ...site, value: jsonClone(site.value), check: jsonClone(site.check) });
  } catch {
    // Not JSON (a BigInt, a cycle): no mutator can work on it, and the suite must not fail for it.
  }
}

/**
 * Takes the implicit key of a site whose value arrives later: a response, named when its request
 * is sent. Requests go out in the order the suite makes its calls, while concurrent calls
 * (`Promise.all`) are answered in whatever order the server finishes them; numbered on arrival,
 * the same response would be `#0` in one run and `#1` in the next, and a mutant planned for one
 * call would land on the other. The key holds where the answer arrives in the same scope (the
 * same test, the same attempt); elsewhere the answer takes the next ordinal of its own scope.
 */
export function reserveSite(state: TapState, label: string): ReservedSite {
  const { log, scope } = currentScope(state);
  return { log, key: nextImplicitKey(log, scope, label) };
}

/** The log the running test (or, outside one, the file) writes to, and the scope keys name. */
function currentScope(state: TapState): { log: ScopeLog; scope: string } {
  const testId = state.currentTestId();
  if (testId === undefined) return { log: state.fileLog, scope: state.file };
  return { log: scopeLogOf(state, testId), scope: testId };
}

function scopeLogOf(state: TapState, testId: string): ScopeLog {
  const chosen = state.testLog?.(testId);
  if (chosen !== undefined) return chosen;
  let log = state.tests.get(testId);
  if (log === undefined) {
    log = newScopeLog();
    state.tests.set(testId, log);
  }
  return log;
}

function nextImplicitKey(log: ScopeLog, scope: string, label: string | undefined): string {
  const counter = `${log.counters}${label ?? ''}`;
  const ordinal = log.ordinals.get(counter) ?? 0;
  log.ordinals.set(counter, ordinal + 1);
  return counter === '' ? `${scope}#${ordinal}` : `${scope}#${counter}#${ordinal}`;
}

/** Envelopes and decisions are JSON; a copy detaches the record from later changes by the suite. */
function jsonClone<T>(value: T): T {
  const text = toJsonText(value);
  return text === undefined ? value : (JSON.parse(text) as T);
}
