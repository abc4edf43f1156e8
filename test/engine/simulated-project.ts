import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { RunMutationOptions } from '../../src/engine/run-mutation-options.js';
import type { FileOutcome, RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import type {
  FileSelection,
  OpenSession,
  ProjectPool,
  SessionRun,
  TestSession,
} from '../../src/engine/test-session.js';
import type { PlannedMutation, ReadLog, SiteRecord, TapPlan } from '../../src/taps/tap-protocol.js';
import { splitInstance } from '../../src/taps/tap-protocol.js';
import { mutatorNamed } from '../../mutators/index.js';
import { FORKS } from './pool-fixtures.js';

/** Where a session of the simulated project runs its files. */
export type SimulatedPool = 'vmForks' | 'project';

/** What one test does with the envelope its tap returned: pass, fail naming a rule, or hang. */
/** `slow`: the test fails over vitest's time limit, as one the load slowed would. */
export type TestBehaviour = 'pass' | 'fail' | 'hang' | 'slow';

/** Decides a test's behaviour from the mutation its tap applied, the pool and the site's key. */
export type Behave = (
  mutation: PlannedMutation,
  pool: SimulatedPool,
  siteKey: string,
) => TestBehaviour;

export interface SimulatedProjectOptions {
  /** The tests, in order; each taps one response to request 1 (site `<id>#0`). */
  readonly tests: readonly string[];
  /** The file of each test, by id (default: every test in `a.test.ts`). */
  readonly files?: Readonly<Record<string, string>>;
  readonly behave: Behave;
  /** The project's own pool (default: `forks` with `isolate: true`). */
  readonly pool?: ProjectPool;
  /** Tests that fail with no mutant at all: a suite that is red before mutation testing. */
  readonly failing?: readonly string[];
  /** Tests marked to fail (`it.fails`). */
  readonly knownFailing?: readonly string[];
  /** A copy fails when another copy of its file runs beside it (a fixed port, say). */
  readonly copiesCollide?: boolean;
  /**
   * Tests that read nothing of the envelope their tap returned, as a tracked copy reports it:
   * their mutants are proven unobserved. The others' reads cannot be followed.
   */
  readonly readNothing?: readonly string[];
  /** Tests declared concurrent (`describe.concurrent`), as vitest reports them. */
  readonly concurrent?: readonly string[];
  /** The project's files a discovery run writes (what the adapter notes of it). */
  readonly writes?: readonly string[];
}

/** One session the run opened: the pool it asked for, its workers, and the plans it ran. */
export interface OpenedSession {
  readonly pool: SimulatedPool;
  readonly maxWorkers: number | undefined;
  readonly plans: TapPlan[];
  closed: number;
}

const ROOT = '/p';
const RESPONSE = { jsonrpc: '2.0', id: 1, result: {} };

/**
 * A project of one test file whose tests each tap one response, run through fake sessions that
 * behave as the taps and vitest would: discovery records the sites, a round applies its mutants
 * (a copy per mutant when instanced) and each test passes, fails at `jsonrpc.version` or hangs as
 * `behave` says for the mutation its tap applied. Every session opened is kept, to be asserted on.
 */
export function simulatedProject(options: SimulatedProjectOptions): {
  readonly open: OpenSession;
  readonly opened: OpenedSession[];
} {
  const opened: OpenedSession[] = [];
  const open: OpenSession = (pool, maxWorkers) => {
    const log: OpenedSession = {
      pool: pool === 'vmForks' ? 'vmForks' : 'project',
      maxWorkers,
      plans: [],
      closed: 0,
    };
    opened.push(log);
    return Promise.resolve(simulatedSession(options, log));
  };
  return { open, opened };
}

function simulatedSession(options: SimulatedProjectOptions, log: OpenedSession): TestSession {
  const own = options.pool ?? FORKS;
  const projectPool = log.pool === 'vmForks' ? { ...own, pool: 'vmForks' } : own;
  return {
    testFiles: () =>
      Promise.resolve([...new Set(options.tests.map(fileOf(options)))].map(moduleOf)),
    run: (plan: TapPlan, selection: FileSelection): Promise<SessionRun> => {
      log.plans.push(plan);
      return Promise.resolve(runOf(options, log.pool, plan, selection));
    },
    close: () => {
      log.closed += 1;
      return Promise.resolve();
    },
    runs: () => log.plans.length,
    testTimeoutMs: () => 5000,
    projectPool: () => projectPool,
  };
}

function runOf(
  options: SimulatedProjectOptions,
  pool: SimulatedPool,
  plan: TapPlan,
  selection: FileSelection,
): SessionRun {
  const filesByTag = new Map<string | undefined, Set<string>>();
  for (const id of selection.keys()) {
    const { moduleId, tag } = splitInstance(id);
    const files = filesByTag.get(tag) ?? new Set<string>();
    files.add(moduleId.slice(ROOT.length + 1));
    filesByTag.set(tag, files);
  }
  if (plan.instances === undefined) {
    const files = filesByTag.get(undefined) ?? new Set<string>();
    const copy = copyOf(options, pool, plan.mode, plan.mutations, files, undefined);
    if (copy === 'hang') return { outcome: null, timedOut: true };
    const writes = plan.mode === 'record' ? options.writes : undefined;
    return {
      outcome: writes === undefined ? copy : { ...copy, writtenFiles: writes },
      timedOut: false,
    };
  }
  const instances = new Map<string, RoundOutcome>();
  for (const [tag, files] of filesByTag) {
    const mutations = plan.instances[tag ?? ''] ?? {};
    const copy = copyOf(options, pool, plan.mode, mutations, files, plan.tracked?.[tag ?? '']);
    // The watchdog abandons the whole run when one copy hangs.
    if (copy === 'hang') return { outcome: null, timedOut: true };
    const beside = [...filesByTag].filter(
      ([other, those]) => other !== tag && shares(those, files),
    );
    const collides = options.copiesCollide === true && beside.length > 0;
    instances.set(tag ?? '', { ...(collides ? failed(copy) : copy), unhandled: [] });
  }
  const empty: RoundOutcome = { tests: new Map(), files: new Map(), unhandled: [] };
  return { outcome: { ...empty, instances }, timedOut: false };
}

/**
 * What one copy of `files` says with `mutations` applied by its taps; a tracked copy (`tracked`:
 * the key of its one tracked site, or `null` for every site) also reports the suite's reads.
 */
function copyOf(
  options: SimulatedProjectOptions,
  pool: SimulatedPool,
  mode: TapPlan['mode'],
  mutations: Readonly<Record<string, PlannedMutation>>,
  files: ReadonlySet<string>,
  tracked: string | null | undefined,
): RoundOutcome | 'hang' {
  const tests: TestOutcome[] = [];
  for (const id of options.tests.filter((test) => files.has(fileOf(options)(test)))) {
    const key = `${id}#0`;
    const site: SiteRecord = { key, kind: 'envelope', value: RESPONSE, check: { requestId: 1 } };
    const mutation = mutations[key];
    const red = options.failing?.includes(id) === true;
    const unmutated = mutation === undefined;
    const behaviour = red ? 'fail' : unmutated ? 'pass' : options.behave(mutation, pool, key);
    if (behaviour === 'hang') return 'hang';
    tests.push({
      id,
      name: `should answer ${id}`,
      file: fileOf(options)(id),
      state: behaviour === 'fail' || behaviour === 'slow' ? 'failed' : 'passed',
      errors:
        behaviour === 'fail'
          ? ['jsonrpc.version: expected 2 to be "2.0"']
          : behaviour === 'slow'
            ? ['Test timed out in 1000ms.']
            : [],
      durationMs: 2,
      report: {
        sites: mode === 'record' ? [site] : [],
        applied: unmutated ? [] : [mutation.mutantId],
      },
      knownFailing: options.knownFailing?.includes(id) === true,
      ...(options.concurrent?.includes(id) === true ? { concurrent: true } : {}),
    });
  }
  const readsOf = (file: string): Record<string, ReadLog> =>
    Object.fromEntries(
      tests
        .filter((test) => test.file === file && (tracked === null || tracked === `${test.id}#0`))
        .map((test): [string, ReadLog] => [
          `${test.id}#0`,
          options.readNothing?.includes(test.id) === true
            ? { reads: [] }
            : { reads: [], opaque: 'a read the simulation does not follow' },
        ]),
    );
  const outcomes = [...files].map((file): FileOutcome => ({
    file,
    moduleId: moduleOf(file),
    errors: [],
    testIds: tests.filter((test) => test.file === file).map((test) => test.id),
    overheadMs: 5,
    report: tracked === undefined ? undefined : { sites: [], applied: [], reads: readsOf(file) },
  }));
  return {
    tests: new Map(tests.map((test) => [test.id, test])),
    files: new Map(outcomes.map((file) => [file.file, file])),
    unhandled: [],
  };
}

function shares(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return [...a].some((file) => b.has(file));
}

/** `copy` with every test failed, as a copy that lost a shared resource to another. */
function failed(copy: RoundOutcome): RoundOutcome {
  const tests = [...copy.tests].map(([id, test]): [string, TestOutcome] => [
    id,
    { ...test, state: 'failed', errors: ['listen EADDRINUSE: address already in use'] },
  ]);
  return { ...copy, tests: new Map(tests) };
}

function fileOf(options: SimulatedProjectOptions): (testId: string) => string {
  return (testId) => options.files?.[testId] ?? 'a.test.ts';
}

function moduleOf(file: string): string {
  return `${ROOT}/${file}`;
}

/** The value a `corrupt-version` mutation planted as `jsonrpc` ("1.0", 2, or absent). */
export function plantedVersion(mutation: PlannedMutation): unknown {
  return (mutation.value as Record<string, unknown>)['jsonrpc'];
}

/** The run's options for the simulated project: `corrupt-version` only, pool `auto`. */
export function simulatedRunOptions(
  overrides: Partial<RunMutationOptions> = {},
): RunMutationOptions {
  const mutator = mutatorNamed('corrupt-version');
  if (mutator === undefined) throw new Error('corrupt-version is not in the catalogue');
  return {
    root: ROOT,
    vitestConfig: null,
    include: null,
    maxWorkers: null,
    pool: 'auto',
    profile: 'mcp-2025-11-25',
    taxonomy: resolveTaxonomy({ profile: 'mcp-2025-11-25' }),
    mutators: [mutator],
    labels: new Map(),
    canaries: [],
    seed: 1,
    strict: false,
    thresholds: { high: 80, low: 60, break: null },
    isolate: false,
    only: [],
    timeoutMs: 1000,
    timeoutFactor: 1.5,
    ...overrides,
  };
}
