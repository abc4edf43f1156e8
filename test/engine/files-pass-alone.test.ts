import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { assertFilesPassAlone } from '../../src/engine/files-pass-alone.js';
import type { RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import type {
  FileSelection,
  ProjectPool,
  SessionRun,
  TestSession,
} from '../../src/engine/test-session.js';
import type { RunPhase } from '../../src/engine/reporter.js';
import { splitInstance, type TapPlan, type TapReport } from '../../src/taps/tap-protocol.js';
import { changeIdMutant, FORKS, runOutcomeOf } from './pool-fixtures.js';

// Three files, a test each: t1 in a.test.ts, t2 in b.test.ts, t3 in c.test.ts.
const FILES = ['a.test.ts', 'b.test.ts', 'c.test.ts'];
const fileOf = (testId: string): string => FILES[Number(testId.slice(1)) - 1] ?? 'a.test.ts';
const SHARED: ProjectPool = { ...FORKS, isolate: false };

function entry(id: string, testId: string): RoundMutant {
  return changeIdMutant(id, testId, fileOf(testId));
}

/** A run of `files` in which the tests named in `failing` fail. */
function outcomeOf(files: readonly string[], failing: readonly string[] = []): RoundOutcome {
  const tests = files.map((file, index): TestOutcome => {
    const id = `t${FILES.indexOf(file) + 1}`;
    const failed = failing.includes(id);
    return {
      id,
      name: `answers ${String(index)}`,
      file,
      state: failed ? 'failed' : 'passed',
      errors: failed ? ['AssertionError: expected undefined to be true'] : [],
      durationMs: 2,
      report: undefined,
    };
  });
  return runOutcomeOf(tests, files);
}

/**
 * A session in `pool` whose runs fail the tests in `failing` (or answer `answer`), keeping what
 * it was asked.
 */
function sessionOf(pool: ProjectPool, failing: readonly string[] = [], answer?: SessionRun) {
  const runs: { plan: TapPlan; files: string[]; budgetMs: number; all: boolean }[] = [];
  const session: TestSession = {
    testFiles: () => Promise.resolve(FILES.map((file) => `/p/${file}`)),
    run: (plan: TapPlan, selection: FileSelection, budgetMs: number): Promise<SessionRun> => {
      const copies = [...selection.keys()].map(splitInstance);
      const files = copies.map((copy) => copy.moduleId.slice('/p/'.length));
      const all = [...selection.values()].every((tests) => tests === 'all');
      runs.push({ plan, files, budgetMs, all });
      if (answer !== undefined) return Promise.resolve(answer);
      if (plan.instances === undefined)
        return Promise.resolve({ outcome: outcomeOf(files, failing), timedOut: false });
      // Copies: what each says, by tag, as its files alone would.
      const instances = new Map(
        Object.keys(plan.instances).map((tag) => [
          tag,
          outcomeOf(
            files.filter((_, at) => copies[at]?.tag === tag),
            failing,
          ),
        ]),
      );
      return Promise.resolve({ outcome: { ...outcomeOf([]), instances }, timedOut: false });
    },
    close: () => Promise.resolve(),
    runs: () => runs.length,
    testTimeoutMs: () => 5_000,
    projectPool: () => pool,
  };
  return { session, runs };
}

/** A mutant of t1's site, which t2 reaches too: its files run together. */
function acrossFiles(id: string): RoundMutant {
  const mutant = entry(id, 't1');
  return { ...mutant, site: { ...mutant.site, testIds: ['t1', 't2'] } };
}

/** A tap report of envelope sites (key → value). */
function reportOf(sites: Record<string, unknown>): TapReport {
  const records = Object.entries(sites).map(([key, value]) => ({
    key,
    kind: 'envelope' as const,
    value,
    check: {},
  }));
  return { sites: records, applied: [] };
}

/** `outcome` with t2's taps `sites`. */
function tapped(outcome: RoundOutcome, sites: Record<string, unknown>): RoundOutcome {
  const t2 = outcome.tests.get('t2');
  if (t2 === undefined) return outcome;
  const report = reportOf(sites);
  return { ...outcome, tests: new Map([...outcome.tests, ['t2', { ...t2, report }]]) };
}

/** `outcome` with every file's taps outside its tests `sites`. */
function tappedInFile(outcome: RoundOutcome, sites: Record<string, unknown>): RoundOutcome {
  const report = reportOf(sites);
  return {
    ...outcome,
    files: new Map([...outcome.files].map(([name, file]) => [name, { ...file, report }])),
  };
}

/** The refusal's message; `undefined` where the files passed alone. */
function refusalOf(
  session: TestSession,
  entries: readonly RoundMutant[],
): Promise<string | undefined> {
  return assertFilesPassAlone(session, entries, optionsOf()).then(
    () => undefined,
    (error: unknown) => (error as Error).message,
  );
}

function optionsOf(phases: RunPhase[] = []) {
  return {
    root: '/p',
    discovery: outcomeOf(FILES),
    timeoutFactor: 1.5,
    timeoutMs: 5_000,
    testTimeoutMs: 5_000,
    reporter: { onPhase: (phase: RunPhase) => phases.push(phase) },
    vitestConfig: null,
  };
}

describe('assertFilesPassAlone', () => {
  test('should run each set of host files once, alone and unmutated, where files share', async () => {
    // Arrange: two mutants in a.test.ts, one in b.test.ts; none in c.test.ts.
    const { session, runs } = sessionOf(SHARED);
    const phases: RunPhase[] = [];
    const entries = [entry('m1', 't1'), entry('m2', 't1'), entry('m3', 't2')];
    // Act
    await assertFilesPassAlone(session, entries, optionsOf(phases));
    // Assert
    expect(runs.map((run) => run.files)).toEqual([['a.test.ts'], ['b.test.ts']]);
    const unmutated = { mode: 'record', root: '/p', mutations: {} };
    expect(runs.map((run) => run.plan)).toEqual([unmutated, unmutated]);
    expect(phases).toEqual(['files-alone']);
  });

  test('should refuse where a key holds another envelope alone than in discovery', async () => {
    // Arrange: in discovery t2 tapped its answer first; alone, a handshake cached by the module
    // graph comes first, and the answer is its second tap.
    const answer = { jsonrpc: '2.0', id: 2, result: { content: [] } };
    const handshake = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18' } };
    const discovery = tapped(outcomeOf(FILES), { 't2#0': answer });
    const alone = tapped(outcomeOf(['b.test.ts']), { 't2#0': handshake, 't2#1': answer });
    const { session } = sessionOf(SHARED, [], { outcome: alone, timedOut: false });
    const same = sessionOf(SHARED, [], {
      outcome: tapped(outcomeOf(['b.test.ts']), { 't2#0': answer }),
      timedOut: false,
    });
    // Act
    const refused = await assertFilesPassAlone(session, [entry('m3', 't2')], {
      ...optionsOf(),
      discovery,
    }).catch((error: unknown) => error);
    // Assert
    expect(isConfigError(refused)).toBe(true);
    expect((refused as Error).message).toContain(
      'files alone: the taps of b.test.ts see other envelopes when it runs alone than in the whole suite: site "b.test.ts > answers 1" #0 holds {"jsonrpc":"2.0","id":0,',
    );
    // Negative control: the same answer at the same key alone.
    await expect(
      assertFilesPassAlone(same.session, [entry('m3', 't2')], { ...optionsOf(), discovery }),
    ).resolves.toBeUndefined();
  });

  test('should compare only the sites discovery filed under the files that ran alone', async () => {
    // Arrange: a key of the suite's own that a.test.ts reached first in discovery, and b.test.ts
    // taps alone with another envelope: filed under a there, not a move of b's.
    const handshake = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18' } };
    const answer = { jsonrpc: '2.0', id: 2, result: { content: [] } };
    const base = outcomeOf(FILES);
    const reached = tappedInFile(outcomeOf(['a.test.ts']), { 'call#0': handshake }).files;
    const discovery = { ...base, files: new Map([...base.files, ...reached]) };
    const alone = tappedInFile(outcomeOf(['b.test.ts']), { 'call#0': answer, 'call#1': handshake });
    const { session } = sessionOf(SHARED, [], { outcome: alone, timedOut: false });
    // Act / Assert
    await expect(
      assertFilesPassAlone(session, [entry('m3', 't2')], { ...optionsOf(), discovery }),
    ).resolves.toBeUndefined();
  });

  test('should refuse naming the file that fails alone, and how to fix it', async () => {
    const { session } = sessionOf(SHARED, ['t2']);
    const entries = [entry('m1', 't1'), entry('m3', 't2')];

    const refused = await assertFilesPassAlone(session, entries, optionsOf()).catch(
      (error: unknown) => error,
    );

    expect(isConfigError(refused)).toBe(true);
    const message = (refused as Error).message;
    expect(message).toContain(
      '\n  - b.test.ts > answers 0: AssertionError: expected undefined to be true\n',
    );
    expect(message).not.toContain('a.test.ts >');
    expect(message).toContain(
      'only because another ran before it: its workers run file after file in one module graph (`isolate: false`). ',
    );
    expect(message).not.toContain('globalSetup');
    expect(message).toContain('`npx vitest run b.test.ts` shows the first');
    expect(message).toContain('set `isolate: true`');
  });

  test('should list a failure once, whichever sets of files it failed', async () => {
    const { session } = sessionOf(SHARED, ['t1']);
    const both = entry('m2', 't1');
    const site = { ...both.site, testIds: ['t1', 't2'] };

    const refused = await assertFilesPassAlone(
      session,
      [entry('m1', 't1'), { ...both, site }],
      optionsOf(),
    ).catch((error: unknown) => (error as Error).message);

    expect(refused?.split('a.test.ts > answers 0:')).toHaveLength(2);
  });

  test('should advise by what the files share: a vm pool', async () => {
    const { session } = sessionOf({ ...FORKS, pool: 'vmThreads', isolate: false }, ['t1']);

    const refused = await assertFilesPassAlone(session, [entry('m1', 't1')], optionsOf()).catch(
      (error: unknown) => (error as Error).message,
    );

    expect(refused).toContain('its workers run file after file (pool `vmThreads`)');
    expect(refused).toContain('(in a beforeAll), or run it in pool `forks` or `threads`');
    expect(refused).not.toContain('isolate: true');
  });

  test('should stop at an interrupt, refusing nothing', async () => {
    const { session, runs } = sessionOf(SHARED, ['t1', 't2']);
    const interrupt = new AbortController();
    const run = session.run.bind(session);
    session.run = async (...args) => {
      const answer = await run(...args);
      interrupt.abort();
      return answer;
    };

    await assertFilesPassAlone(session, [entry('m1', 't1'), entry('m3', 't2')], {
      ...optionsOf(),
      signal: interrupt.signal,
    });

    expect(runs).toHaveLength(1);
  });

  test('should name the globalSetup where that is what the files share', async () => {
    const { session } = sessionOf({ ...FORKS, globalSetup: true }, ['t1']);

    const refused = await assertFilesPassAlone(session, [entry('m1', 't1')], optionsOf()).catch(
      (error: unknown) => (error as Error).message,
    );

    expect(refused).toContain("its files share what the config's globalSetup started");
    expect(refused).toContain(
      "(in a beforeAll), or put into the global setup's server or folder what it reads there",
    );
    expect(refused).not.toContain('isolate');
  });

  test('should name every way the files share, and the fix of each', async () => {
    const { session } = sessionOf({ ...SHARED, globalSetup: true }, ['t1']);

    const refused = await assertFilesPassAlone(session, [entry('m1', 't1')], optionsOf()).catch(
      (error: unknown) => (error as Error).message,
    );

    expect(refused).toContain(
      'globalSetup started; and its workers run file after file in one module graph (`isolate: false`)',
    );
    expect(refused).toContain(
      "(in a beforeAll), put into the global setup's server or folder what it reads there, or reset it, or set `isolate: true`",
    );
  });

  test('should show the failure with the vitest config the run was given', async () => {
    const { session } = sessionOf(SHARED, ['t2']);
    const options = { ...optionsOf(), vitestConfig: '/p/config/vitest.probe.config.ts' };

    const refused = await assertFilesPassAlone(session, [entry('m3', 't2')], options).catch(
      (error: unknown) => (error as Error).message,
    );

    expect(refused).toContain(
      '`npx vitest run --config config/vitest.probe.config.ts b.test.ts` shows the first',
    );
  });

  test('should run nothing where every file has a module graph of its own', async () => {
    // Negative control of the runs above: the same failing file, in a pool that isolates it.
    const { session, runs } = sessionOf(FORKS, ['t2']);
    const phases: RunPhase[] = [];

    await assertFilesPassAlone(session, [entry('m3', 't2')], optionsOf(phases));

    expect(runs).toEqual([]);
    expect(phases).toEqual([]);
  });

  test('should not run again a set that is the whole suite, which discovery ran', async () => {
    const { session, runs } = sessionOf(SHARED);
    const everyFile = entry('m1', 't1');
    const site = { ...everyFile.site, testIds: ['t1', 't2', 't3'] };

    await assertFilesPassAlone(session, [{ ...everyFile, site }], optionsOf());

    expect(runs).toEqual([]);
  });

  test('should run files that host one site together, once, in whatever order', async () => {
    const { session, runs } = sessionOf(SHARED);
    const first = entry('m1', 't1');
    const second = entry('m2', 't2');

    await assertFilesPassAlone(
      session,
      [
        { ...first, site: { ...first.site, testIds: ['t1', 't2'] } },
        { ...second, site: { ...second.site, testIds: ['t2', 't1'] } },
      ],
      optionsOf(),
    );

    expect(runs.map((run) => run.files)).toEqual([['a.test.ts', 'b.test.ts']]);
  });

  test('should run nothing for a mutant no test reaches', async () => {
    const { session, runs } = sessionOf(SHARED);
    const phases: RunPhase[] = [];
    const unreached = entry('m1', 't1');
    const site = { ...unreached.site, file: 'gone.test.ts', testIds: [] };

    await assertFilesPassAlone(session, [{ ...unreached, site }], optionsOf(phases));

    expect(runs).toEqual([]);
    expect(phases).toEqual([]);
  });

  test.each([
    ['the watchdog fired', { outcome: outcomeOf(['a.test.ts']), timedOut: true }],
    ['the run was abandoned', { outcome: null, timedOut: false }],
  ])('should refuse a file that does not finish alone (%s)', async (_, answer: SessionRun) => {
    const { session } = sessionOf(SHARED, [], answer);

    const options = optionsOf();
    const discovery = outcomeOf(FILES);
    const files = new Map(
      [...discovery.files].map(([name, file]) => [
        name,
        name === 'c.test.ts' ? { ...file, overheadMs: 4_000 } : file,
      ]),
    );

    const refused = await assertFilesPassAlone(session, [entry('m1', 't1')], {
      ...options,
      discovery: { ...discovery, files },
    }).catch((error: unknown) => (error as Error).message);

    // The budget: 1.5 × 2 ms (its longest test) + 5 s + vitest's 5 s limit, and 1.5 × 4 s, the
    // slowest file's set-up, which run first in a worker it may pay: 16.003 s, in whole seconds.
    expect(refused).toContain('\n  - a.test.ts: did not finish alone (nothing for 17 s)\n');
  });

  test('should check copies side by side in one run where the rounds run copies', async () => {
    // Arrange: `--pool vmForks`; b.test.ts fails as a copy of its own.
    const { session, runs } = sessionOf({ ...FORKS, pool: 'vmForks', isolate: false }, ['t2']);
    const entries = [entry('m1', 't1'), entry('m3', 't2')];
    // Act
    const refused = await assertFilesPassAlone(session, entries, {
      ...optionsOf(),
      copies: true,
    }).catch((error: unknown) => (error as Error).message);
    // Assert: one run, a copy of each set, unmutated; the copy of b.test.ts named.
    expect(runs.map((run) => run.files)).toEqual([['a.test.ts', 'b.test.ts']]);
    expect(runs[0]?.plan).toMatchObject({ mode: 'record', mutations: {} });
    expect(runs[0]?.plan.instances).toEqual({ 0: {}, 1: {} });
    expect(runs[0]?.all).toBe(true);
    expect(refused).toContain('\n  - b.test.ts > answers 0: AssertionError');
    expect(refused).not.toContain('a.test.ts >');
  });

  test.each([
    [
      'an error escaped every copy',
      (answer: SessionRun): SessionRun =>
        answer.outcome === null
          ? answer
          : { ...answer, outcome: { ...answer.outcome, unhandled: ['Error: boom'] } },
    ],
    ['the copies did not finish', (): SessionRun => ({ outcome: null, timedOut: false })],
  ])('should run each set alone where %s', async (_, copiesSay) => {
    const { session, runs } = sessionOf({ ...FORKS, pool: 'vmForks', isolate: false });
    const run = session.run.bind(session);
    session.run = async (plan, selection, budgetMs) => {
      const answer = await run(plan, selection, budgetMs);
      return plan.instances === undefined ? answer : copiesSay(answer);
    };

    await assertFilesPassAlone(session, [entry('m1', 't1'), entry('m3', 't2')], {
      ...optionsOf(),
      copies: true,
    });

    expect(runs.map((each) => each.files)).toEqual([
      ['a.test.ts', 'b.test.ts'],
      ['a.test.ts'],
      ['b.test.ts'],
    ]);
  });

  test('should run each set alone where the rounds cannot run copies side by side', async () => {
    // One worker: vitest runs every file of a vm-pool run in one VM context, and the rounds run
    // one mutant at a time; so does the check, or a's copy would fill what b's reads.
    const oneWorker = { ...FORKS, pool: 'vmForks', isolate: false, oneWorker: true };
    const { session, runs } = sessionOf(oneWorker);

    await assertFilesPassAlone(session, [entry('m1', 't1'), entry('m3', 't2')], {
      ...optionsOf(),
      copies: true,
    });

    expect(runs.map((run) => run.files)).toEqual([['a.test.ts'], ['b.test.ts']]);
    expect(runs.map((run) => run.plan.instances)).toEqual([undefined, undefined]);
  });

  test('should give the copies the budget of the slowest set', async () => {
    const { session, runs } = sessionOf({ ...FORKS, pool: 'vmForks', isolate: false });
    const discovery = outcomeOf(FILES);
    const tests = new Map(
      [...discovery.tests].map(([id, test]) => [
        id,
        id === 't2' ? { ...test, durationMs: 2_000 } : test,
      ]),
    );

    await assertFilesPassAlone(session, [entry('m1', 't1'), entry('m3', 't2')], {
      ...optionsOf(),
      discovery: { ...discovery, tests },
      copies: true,
    });

    // 1.5 × 2 s + 5 s + 5 s, and 1.5 × 1 ms of the slowest set-up, rounded up.
    expect(runs.map((run) => run.budgetMs)).toEqual([13_002]);
  });

  test('should run each set alone, not copies, unless the rounds run copies', async () => {
    const { session, runs } = sessionOf({ ...FORKS, pool: 'vmForks', isolate: false });

    await assertFilesPassAlone(session, [entry('m1', 't1'), entry('m3', 't2')], optionsOf());

    expect(runs.map((run) => run.plan.instances)).toEqual([undefined, undefined]);
  });

  test('should name every file of a set that failed together, and show them together', async () => {
    const { session } = sessionOf(SHARED, ['t1']);

    const refused = await refusalOf(session, [acrossFiles('m1')]);

    expect(refused).toContain('`npx vitest run a.test.ts b.test.ts` shows the first');
  });

  test('should name every file of a set that did not finish', async () => {
    const { session } = sessionOf(SHARED, [], { outcome: null, timedOut: true });

    const refused = await refusalOf(session, [acrossFiles('m1')]);

    expect(refused).toContain('\n  - a.test.ts, b.test.ts: did not finish alone');
  });
});
