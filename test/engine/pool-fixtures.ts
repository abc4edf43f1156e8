import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import type { Site } from '../../src/mutant/mutation-run.js';
import type { ProjectPool, SessionRun, TestSession } from '../../src/engine/test-session.js';
import {
  EMPTY_OUTCOME as EMPTY,
  type RoundOutcome,
  type TestOutcome,
} from '../../src/engine/round-outcome.js';
import type { ReadLog, SiteRecord } from '../../src/taps/tap-protocol.js';

/** One test of a discovery run: its id, state and the sites its taps recorded. */
export interface FakeTest {
  readonly id: string;
  readonly state?: TestOutcome['state'];
  readonly sites?: readonly SiteRecord[];
}

/** A site record of an error response to request `id`. */
export function errorSite(key: string, id = 1, code = -32601): SiteRecord {
  return {
    key,
    kind: 'envelope',
    value: { jsonrpc: '2.0', id, error: { code, message: 'Method not found' } },
    check: { requestId: id },
  };
}

/** What a discovery run of one file, `a.test.ts`, holding `tests` tells the runner. */
export function discoveryOutcome(tests: readonly FakeTest[]): RoundOutcome {
  const outcomes = tests.map((test): TestOutcome => ({
    id: test.id,
    name: `test ${test.id}`,
    file: 'a.test.ts',
    state: test.state ?? 'passed',
    errors: test.state === 'failed' ? ['AssertionError: expected 1 to be 2'] : [],
    durationMs: 3,
    report: { sites: test.sites ?? [], applied: [] },
  }));
  const file = {
    file: 'a.test.ts',
    moduleId: '/project/a.test.ts',
    errors: [],
    testIds: tests.map((test) => test.id),
    overheadMs: 10,
    report: undefined,
  };
  return {
    tests: new Map(outcomes.map((test) => [test.id, test])),
    files: new Map([[file.file, file]]),
    unhandled: [],
  };
}

/**
 * The discovery file of one test `t1` with an error site `t1#0`, as an unmutated copy of it
 * reports it back: `log` for what the suite read of the site, `state` for the test.
 */
export function copyReading(log: ReadLog, state: 'passed' | 'failed' = 'passed'): RoundOutcome {
  const copy = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')], state }]);
  const files = new Map(
    [...copy.files].map(([name, file]) => [
      name,
      { ...file, report: { sites: [], applied: [], reads: { 't1#0': log } } },
    ]),
  );
  return { ...copy, files };
}

export const FORKS: ProjectPool = {
  pool: 'forks',
  isolate: true,
  projects: 1,
  browserOrTypecheck: false,
  customPool: false,
  oneWorker: false,
  oneWorkerConfigured: false,
  globalSetup: false,
  parallelHooks: false,
};

/** A session that answers every run with `outcome` and counts its runs and closes. */
export interface FakeSession extends TestSession {
  readonly closed: () => number;
}

/**
 * A session that answers every run with `outcome`; a run of copies of the files (an instanced
 * run) with `copies` (default: `outcome`) for every copy.
 */
export function fakeSession(
  outcome: RoundOutcome,
  pool: ProjectPool = FORKS,
  copies: RoundOutcome = outcome,
): FakeSession {
  let runs = 0;
  let closed = 0;
  return {
    testFiles: () => Promise.resolve(['/project/a.test.ts']),
    run: (plan): Promise<SessionRun> => {
      runs += 1;
      if (plan.instances === undefined) return Promise.resolve({ outcome, timedOut: false });
      const tags = Object.keys(plan.instances);
      const instances = new Map(tags.map((tag) => [tag, { ...copies, unhandled: [] }]));
      return Promise.resolve({ outcome: { ...EMPTY, instances }, timedOut: false });
    },
    close: () => {
      closed += 1;
      return Promise.resolve();
    },
    runs: () => runs,
    testTimeoutMs: () => 5000,
    projectPool: () => pool,
    closed: () => closed,
  };
}

/** A run of `files` (each at `/p/<file>`) holding `tests`, each in the file it names. */
export function runOutcomeOf(
  tests: readonly TestOutcome[],
  files: readonly string[],
): RoundOutcome {
  const outcomes = files.map((file) => ({
    file,
    moduleId: `/p/${file}`,
    errors: [],
    testIds: tests.filter((test) => test.file === file).map((test) => test.id),
    overheadMs: 1,
    report: undefined,
  }));
  return {
    tests: new Map(tests.map((test) => [test.id, test])),
    files: new Map(outcomes.map((file) => [file.file, file])),
    unhandled: [],
  };
}

/** A change-id mutant `id` of the one site (`<testId>#0`) test `testId` of `file` tapped. */
export function changeIdMutant(id: string, testId: string, file: string): RoundMutant {
  const site: Site = {
    key: `${testId}#0`,
    kind: 'envelope',
    file,
    testIds: [testId],
    fileLevel: false,
    value: { id: 1 },
    check: {},
  };
  const mutant = {
    id,
    siteKey: site.key,
    mutatorName: 'change-id',
    variantIndex: 0,
    replacement: '',
    path: ['id'],
    value: { id },
  };
  return { mutant, site, expectedKillers: ['jsonrpc.id'] };
}
