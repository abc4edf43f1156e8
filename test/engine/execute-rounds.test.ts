import { describe, expect, test } from 'vitest';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import {
  executeRound,
  type ExecuteRoundsOptions,
  type RoundMutant,
} from '../../src/engine/execute-rounds.js';
import type { RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import type { FileSelection, SessionRun, TestSession } from '../../src/engine/test-session.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { changeIdMutant, FORKS, runOutcomeOf } from './pool-fixtures.js';

// Two files: a.test.ts holds t1 and t2, b.test.ts holds t3.
const FILE_OF: Record<string, string> = { t1: 'a.test.ts', t2: 'a.test.ts', t3: 'b.test.ts' };

function entry(id: string, testId: string): RoundMutant {
  return changeIdMutant(id, testId, FILE_OF[testId] ?? 'a.test.ts');
}

function outcome(tests: Partial<TestOutcome>[]): RoundOutcome {
  const full = tests.map((t): TestOutcome => ({
    id: 't',
    name: 'n',
    file: FILE_OF[t.id ?? ''] ?? 'a.test.ts',
    state: 'passed',
    errors: [],
    durationMs: 1,
    report: undefined,
    ...t,
  }));
  return runOutcomeOf(full, ['a.test.ts', 'b.test.ts']);
}

/**
 * A session that answers each run with the next scripted outcome (or whole run: a watchdog that
 * fired, a run that produced nothing) and keeps what it was asked.
 */
function scriptedSession(answer: (plan: TapPlan) => RoundOutcome | SessionRun): {
  session: TestSession;
  plans: TapPlan[];
  selections: FileSelection[];
  budgets: number[];
} {
  const plans: TapPlan[] = [];
  const selections: FileSelection[] = [];
  const budgets: number[] = [];
  const session: TestSession = {
    testFiles: () => Promise.resolve(['/p/a.test.ts', '/p/b.test.ts']),
    run: (plan, selection, budgetMs): Promise<SessionRun> => {
      plans.push(plan);
      selections.push(selection);
      budgets.push(budgetMs);
      const answered = answer(plan);
      return Promise.resolve(
        'timedOut' in answered ? answered : { outcome: answered, timedOut: false },
      );
    },
    close: () => Promise.resolve(),
    runs: () => plans.length,
    projectPool: () => FORKS,
    testTimeoutMs: () => 5000,
  };
  return { session, plans, selections, budgets };
}

function options(session: TestSession): ExecuteRoundsOptions {
  return {
    root: '/p',
    session,
    labels: new Map(),
    discovery: outcome([{ id: 't1' }, { id: 't2' }, { id: 't3' }]),
    timeoutFactor: 1.5,
    timeoutMs: 1000,
    testTimeoutMs: 5000,
    onResult: () => undefined,
  };
}

const applied = (id: string) => ({ sites: [], applied: [id] });

describe('executeRound', () => {
  test('should run every test of the files of a round and judge each mutant from it', async () => {
    // Arrange
    const { session, plans, selections } = scriptedSession(() =>
      outcome([
        { id: 't1', report: applied('m1') },
        { id: 't2', state: 'failed', errors: ['jsonrpc.id: expected 2 to be 1'] },
        { id: 't3', report: applied('m3') },
      ]),
    );
    // Act
    const results = await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    // Assert: t2 hosts no mutant, yet it ran (the whole file) and its failure kills m1.
    expect(plans).toHaveLength(1);
    expect([...(selections[0] ?? new Map())]).toEqual([
      ['/p/a.test.ts', 'all'],
      ['/p/b.test.ts', 'all'],
    ]);
    expect(plans[0]?.mode).toBe('mutate');
    expect(plans[0]?.mutations['t1#0']).toMatchObject({ mutantId: 'm1', original: { id: 1 } });
    expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
      ['m1', 'Killed', 'batched'],
      ['m3', 'Survived', 'batched'],
    ]);
  });

  test('should call the verdict of a round of one mutant isolated', async () => {
    const { session } = scriptedSession(() => outcome([{ id: 't1', report: applied('m1') }]));
    const results = await executeRound([entry('m1', 't1')], options(session));
    expect(results.map((r) => [r.status, r.verdictSource])).toEqual([['Survived', 'isolated']]);
  });

  test('should re-run the mutants one by one when an error escapes every file', async () => {
    // Arrange: vitest does not say which file left the rejection behind.
    const { session, plans } = scriptedSession((plan) => {
      const ids = Object.values(plan.mutations).map((m) => m.mutantId);
      const base = outcome([
        { id: 't1', report: applied('m1') },
        { id: 't3', report: applied('m3') },
      ]);
      return ids.includes('m3') ? { ...base, unhandled: ['rejected later'] } : base;
    });
    // Act
    const results = await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    // Assert
    expect(plans.map((p) => Object.keys(p.mutations).length)).toEqual([2, 1, 1]);
    expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
      ['m1', 'Survived', 'confirmed'],
      ['m3', 'Killed', 'confirmed'],
    ]);
  });

  describe('interrupted', () => {
    /** A session that aborts `controller` during its `at`-th run, and keeps the signals it got. */
    function interruptedAt(
      at: number,
      answer: (plan: TapPlan) => RoundOutcome | SessionRun,
    ): {
      session: TestSession;
      plans: TapPlan[];
      signals: (AbortSignal | undefined)[];
      controller: AbortController;
    } {
      const controller = new AbortController();
      const signals: (AbortSignal | undefined)[] = [];
      const scripted = scriptedSession((plan) => {
        if (scripted.plans.length === at) controller.abort();
        return answer(plan);
      });
      const session: TestSession = {
        ...scripted.session,
        run: (plan, selection, budgetMs, signal) => {
          signals.push(signal);
          return scripted.session.run(plan, selection, budgetMs);
        },
      };
      return { session, plans: scripted.plans, signals, controller };
    }
    const round = () => [entry('m1', 't1'), entry('m3', 't3')];
    const both = outcome([
      { id: 't1', report: applied('m1') },
      { id: 't3', report: applied('m3') },
    ]);

    test('should hand the interrupt to the run, and judge nothing of a run it came during', async () => {
      const { session, plans, signals, controller } = interruptedAt(1, () => both);
      const reported: MutantResult[] = [];

      const results = await executeRound(round(), {
        ...options(session),
        signal: controller.signal,
        onResult: (result) => reported.push(result),
      });

      // Until 2026-12-07 the run was not cancelled and its verdicts were judged.
      expect(signals).toEqual([controller.signal]);
      expect(plans).toHaveLength(1);
      expect(results).toEqual([]);
      expect(reported).toEqual([]);
    });

    test('should start no re-run alone once it came', async () => {
      // Arrange: an error escapes every file of the round, so each mutant runs again alone;
      // Ctrl-C during the first of those runs.
      const { session, plans, controller } = interruptedAt(2, (plan) =>
        Object.keys(plan.mutations).length > 1 ? { ...both, unhandled: ['rejected'] } : both,
      );
      // Act
      const results = await executeRound(round(), {
        ...options(session),
        signal: controller.signal,
      });
      // Assert: the round and the first re-run; not the second.
      expect(plans).toHaveLength(2);
      expect(results).toEqual([]);
    });

    test('should judge no copy of an instanced run it came during', async () => {
      const { session, plans, controller } = interruptedAt(1, (plan) => ({
        ...outcome([]),
        instances: new Map(
          Object.entries(plan.instances ?? {}).map(([tag, mutations]) => [
            tag,
            outcome([{ id: 't1', report: applied(Object.values(mutations)[0]?.mutantId ?? '') }]),
          ]),
        ),
      }));

      const results = await executeRound([entry('m1', 't1'), entry('m2', 't1')], {
        ...options(session),
        instanced: true,
        signal: controller.signal,
      });

      expect(plans).toHaveLength(1);
      expect(results).toEqual([]);
    });
  });

  test('should re-run the mutants one by one when a file of the round did not finish', async () => {
    const { session, plans } = scriptedSession((plan) =>
      Object.keys(plan.mutations).length > 1
        ? outcome([
            { id: 't1', report: applied('m1') },
            { id: 't3', state: 'pending' },
          ])
        : outcome([
            { id: 't1', report: applied('m1') },
            { id: 't3', report: applied('m3') },
          ]),
    );
    await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    expect(plans).toHaveLength(3);
  });

  test('should give the watchdog the longest test or set-up of the round, scaled, plus the timeouts', async () => {
    // Arrange: a.test.ts holds t1 (40 ms) and t2 (201 ms), set-up 100 ms; b.test.ts t3 (900 ms),
    // set-up 1000 ms.
    const { session, budgets } = scriptedSession(() => outcome([{ id: 't1' }, { id: 't3' }]));
    const timed = outcome([
      { id: 't1', durationMs: 40 },
      { id: 't2', durationMs: 201 },
      { id: 't3', durationMs: 900 },
    ]);
    const overheads: Record<string, number> = { 'a.test.ts': 100, 'b.test.ts': 1000 };
    const discovery: RoundOutcome = {
      ...timed,
      files: new Map(
        [...timed.files].map(([file, each]) => [
          file,
          { ...each, overheadMs: overheads[file] ?? 0 },
        ]),
      ),
    };
    const opts = { ...options(session), discovery };
    // Act
    await executeRound([entry('m1', 't1')], opts);
    await executeRound([entry('m3', 't3')], opts);
    await executeRound([entry('m1', 't1'), entry('m3', 't3')], opts);
    // Assert: 1.5 × 201 + 1000 + 5000 = 6301.5, rounded up; then 1.5 × 1000 + 6000 twice.
    expect(budgets).toEqual([6302, 7500, 7500]);
  });

  test('should report each verdict as it is reached', async () => {
    const { session } = scriptedSession(() =>
      outcome([
        { id: 't1', report: applied('m1') },
        { id: 't3', state: 'failed', errors: ['boom'] },
      ]),
    );
    const seen: string[] = [];
    const onResult = (result: MutantResult) => seen.push(`${result.id} ${result.status}`);
    await executeRound([entry('m1', 't1'), entry('m3', 't3')], { ...options(session), onResult });
    expect(seen).toEqual(['m1 Survived', 'm3 Killed']);
  });

  test('should call a mutant alone whose run the watchdog stopped a Timeout', async () => {
    const { session, plans } = scriptedSession(() => ({
      outcome: outcome([{ id: 't1', state: 'pending' }]),
      timedOut: true,
    }));
    const results = await executeRound([entry('m1', 't1')], options(session));
    expect(plans).toHaveLength(1);
    expect(results.map((r) => [r.status, r.verdictSource])).toEqual([['Timeout', 'isolated']]);
  });

  test('should re-run the mutants one by one when the watchdog stopped their round', async () => {
    // Arrange: the round hangs; alone, m1 survives and m3 hangs again.
    const { session, plans } = scriptedSession((plan) => {
      const ids = Object.values(plan.mutations).map((m) => m.mutantId);
      const finished = outcome([
        { id: 't1', report: applied('m1') },
        { id: 't3', report: applied('m3') },
      ]);
      return ids.includes('m3') ? { outcome: finished, timedOut: true } : finished;
    });
    // Act
    const results = await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    // Assert
    expect(plans.map((p) => Object.keys(p.mutations))).toEqual([
      ['t1#0', 't3#0'],
      ['t1#0'],
      ['t3#0'],
    ]);
    expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
      ['m1', 'Survived', 'confirmed'],
      ['m3', 'Timeout', 'confirmed'],
    ]);
  });

  test('should re-run the mutants one by one when their round produced no outcome', async () => {
    const { session, plans } = scriptedSession((plan) =>
      Object.keys(plan.mutations).length > 1
        ? { outcome: null, timedOut: false }
        : outcome([
            { id: 't1', report: applied('m1') },
            { id: 't3', report: applied('m3') },
          ]),
    );
    const results = await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    expect(plans).toHaveLength(3);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['m1', 'Survived'],
      ['m3', 'Survived'],
    ]);
  });

  test('should call a mutant alone whose run produced no outcome a RuntimeError', async () => {
    const { session } = scriptedSession(() => ({ outcome: null, timedOut: false }));
    const results = await executeRound([entry('m1', 't1')], options(session));
    expect(results.map((r) => r.status)).toEqual(['RuntimeError']);
  });

  test('should run the file of a site that no passing test observed', async () => {
    // Arrange: seen at module level of a.test.ts, whose tests all failed in discovery.
    const base = entry('m1', 't1');
    const fileLevel = { ...base, site: { ...base.site, testIds: [], fileLevel: true } };
    const elsewhere = { ...fileLevel, site: { ...fileLevel.site, file: 'gone.test.ts' } };
    const { session, selections } = scriptedSession(() => outcome([{ id: 't1' }]));
    // Act
    await executeRound([fileLevel], options(session));
    const [lost] = await executeRound([elsewhere], options(session));
    // Assert: a file the discovery run never saw is not run, and its mutant reached by no test.
    expect(selections.map((selection) => [...selection.keys()])).toEqual([['/p/a.test.ts'], []]);
    expect(lost?.status).toBe('NoCoverage');
  });

  test('should run every file whose tests observed the site, not only the file it was first seen in', async () => {
    // Arrange: an explicit key seen in t1 (a.test.ts) and t3 (b.test.ts); another seen at file
    // level of a.test.ts, where no test passed, and in t3.
    const base = entry('m1', 't1');
    const shared = { ...base, site: { ...base.site, testIds: ['t1', 't3'] } };
    const elsewhere = { ...base, site: { ...base.site, testIds: ['t3'] } };
    const { session, selections } = scriptedSession(() => outcome([{ id: 't1' }, { id: 't3' }]));
    // Act
    await executeRound([shared], options(session));
    await executeRound([elsewhere], options(session));
    // Assert
    expect(selections.map((selection) => [...selection.keys()])).toEqual([
      ['/p/a.test.ts', '/p/b.test.ts'],
      ['/p/b.test.ts'],
    ]);
  });

  test('should re-run the mutants one by one when any test of their files did not end', async () => {
    // Arrange: t1 ended, t2 (same file) did not.
    const { session, plans } = scriptedSession((plan) =>
      outcome([
        { id: 't1', report: applied('m1') },
        { id: 't2', state: Object.keys(plan.mutations).length > 1 ? 'pending' : 'passed' },
        { id: 't3', report: applied('m3') },
      ]),
    );
    // Act
    await executeRound([entry('m1', 't1'), entry('m3', 't3')], options(session));
    // Assert
    expect(plans).toHaveLength(3);
  });

  test('should re-run the mutants one by one when any file of a mutant did not report', async () => {
    // Arrange: m1's site is seen in both files; b.test.ts is missing from the round's run.
    const base = entry('m1', 't1');
    const shared = { ...base, site: { ...base.site, testIds: ['t1', 't3'] } };
    const { session, plans } = scriptedSession((plan) => {
      const full = outcome([{ id: 't1', report: applied('m1') }, { id: 't3' }]);
      if (Object.keys(plan.mutations).length === 1) return full;
      return { ...full, files: new Map([...full.files].filter(([file]) => file === 'a.test.ts')) };
    });
    const other = entry('m2', 't2');
    // Act
    await executeRound([shared, other], options(session));
    // Assert
    expect(plans).toHaveLength(3);
  });

  test('should run alone a mutant of a shared round killed only by a timeout its test came near', async () => {
    // Arrange: t1 took 300 ms of its 1,000 ms limit without mutants; t3 took 1 ms. Both time out.
    const { session, plans } = scriptedSession((plan) => {
      const ids = Object.values(plan.mutations).map((m) => m.mutantId);
      const timedOut = { state: 'failed' as const, errors: ['Test timed out in 1000ms.'] };
      return outcome([
        ids.includes('m1') ? { id: 't1', ...timedOut } : { id: 't1' },
        { id: 't2' },
        ids.includes('m3') ? { id: 't3', ...timedOut } : { id: 't3' },
      ]);
    });
    const discovery = outcome([{ id: 't1', durationMs: 300 }, { id: 't2' }, { id: 't3' }]);
    const reported: string[] = [];
    // Act
    const results = await executeRound([entry('m1', 't1'), entry('m3', 't3')], {
      ...options(session),
      discovery,
      onResult: (result) => reported.push(`${result.id} ${String(result.verdictSource)}`),
    });
    // Assert: m1 runs again, its file alone; m3's test hung for its mutant, not for the load.
    expect(plans.map((plan) => Object.keys(plan.mutations).length)).toEqual([2, 1]);
    expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
      ['m3', 'Killed', 'batched'],
      ['m1', 'Killed', 'confirmed'],
    ]);
    // Each verdict is reported once: m1's shared one never.
    expect(reported).toEqual(['m3 batched', 'm1 confirmed']);
  });

  describe('instanced', () => {
    /** Answers an instanced run: each copy (tag = position in the round) gets `copy(mutantId)`. */
    function copies(copy: (mutantId: string) => RoundOutcome, unhandled: string[] = []) {
      return scriptedSession((plan) => {
        if (plan.instances === undefined) {
          const [only] = Object.values(plan.mutations);
          return copy(only?.mutantId ?? '');
        }
        const instances = new Map(
          Object.entries(plan.instances).map(([tag, mutations]) => [
            tag,
            copy(Object.values(mutations)[0]?.mutantId ?? ''),
          ]),
        );
        return { ...outcome([]), unhandled, instances };
      });
    }
    const instanced = (session: TestSession) => ({ ...options(session), instanced: true });
    /** A copy's outcome as its report says it started in a process an earlier copy changed. */
    function changedProcess(copy: RoundOutcome): RoundOutcome {
      const report = { sites: [], applied: [], carried: 'process.env.TOKEN' };
      const files = [...copy.files].map(([name, file]) => [name, { ...file, report }] as const);
      return { ...copy, files: new Map(files) };
    }

    test('should run a copy of its files per mutant, two mutants of one file in one run', async () => {
      // Arrange: m1 and m2 both sit in a.test.ts; the copy of m2 fails t2.
      const { session, plans, selections } = copies((id) =>
        outcome([
          { id: 't1', report: applied(id) },
          id === 'm2' ? { id: 't2', state: 'failed', errors: ['boom'] } : { id: 't2' },
        ]),
      );
      // Act
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // Assert
      expect(plans).toHaveLength(1);
      expect([...(selections[0] ?? new Map())]).toEqual([
        ['/p/a.test.ts?envelope-mutant=0', 'all'],
        ['/p/a.test.ts?envelope-mutant=1', 'all'],
      ]);
      expect(plans[0]?.mode).toBe('mutate');
      expect(plans[0]?.instances?.['1']?.['t1#0']).toMatchObject({ mutantId: 'm2' });
      expect(plans[0]?.testIdPrefixes).toEqual({ 'a.test.ts': 't1' });
      expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
        ['m1', 'Survived', 'batched'],
        ['m2', 'Killed', 'batched'],
      ]);
    });

    test('should judge a copy whose own worker reported an error outside any test in the round', async () => {
      // Arrange: m2's copy leaves a rejection behind, and vitest says whose worker it came from.
      const { session, plans } = copies((id) => {
        const base = outcome([{ id: 't1', report: applied(id) }]);
        if (id !== 'm2') return base;
        const files = [...base.files].map(
          ([name, file]) =>
            [name, { ...file, errors: ['jsonrpc.members: rejected later'] }] as const,
        );
        return { ...base, files: new Map(files) };
      });
      // Act
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // Assert: one run, and m2 killed there as in its run alone (vitest fails that run).
      expect(plans).toHaveLength(1);
      expect(
        results.map((r) => [r.id, r.status, r.killedAt?.rule ?? null, r.verdictSource]),
      ).toEqual([
        ['m1', 'Survived', null, 'batched'],
        ['m2', 'Killed', 'jsonrpc.members', 'batched'],
      ]);
    });

    test('should split a round on an error outside every copy', async () => {
      // Negative control of the test above: vitest does not say whose the error is.
      const { session, plans } = copies(
        (id) => outcome([{ id: 't1', report: applied(id) }]),
        ['jsonrpc.members: rejected later'],
      );
      await executeRound([entry('m1', 't1'), entry('m2', 't1')], instanced(session));
      expect(plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
        'alone',
      ]);
    });

    test('should run the copies vitest named for an error outside every copy alone first', async () => {
      // Arrange: four copies; the run's error came while a worker ran m2's copy (tag 1).
      let runs = 0;
      const { session, plans } = scriptedSession((plan) => {
        runs += 1;
        if (plan.instances === undefined) return outcome([{ id: 't1' }]);
        const instances = new Map(
          Object.entries(plan.instances).map(([tag, mutations]) => [
            tag,
            outcome([{ id: 't1', report: applied(Object.values(mutations)[0]?.mutantId ?? '') }]),
          ]),
        );
        const first = runs === 1;
        return {
          ...outcome([]),
          instances,
          unhandled: first ? ['rejected later'] : [],
          ...(first ? { suspects: ['1'] } : {}),
        };
      });
      const round = ['m1', 'm2', 'm3', 'm4'].map((id) => entry(id, 't1'));
      // Act
      const results = await executeRound(round, instanced(session));
      // Assert: m2 alone, then the three others together, not halves.
      expect(plans.map((p) => Object.keys(p.instances ?? {}).length || 'alone')).toEqual([
        4,
        'alone',
        3,
      ]);
      expect(results.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m2', 'confirmed'],
        ['m1', 'batched'],
        ['m3', 'batched'],
        ['m4', 'batched'],
      ]);
    });

    test('should run every copy alone when vitest named each of them', async () => {
      const { session, plans } = scriptedSession((plan) =>
        plan.instances === undefined
          ? outcome([{ id: 't1' }])
          : { ...outcome([]), unhandled: ['rejected later'], suspects: ['0', '1'] },
      );
      await executeRound([entry('m1', 't1'), entry('m2', 't1')], instanced(session));
      expect(plans.map((p) => Object.keys(p.instances ?? {}).length || 'alone')).toEqual([
        2,
        'alone',
        'alone',
      ]);
    });

    test('should follow no lead in a run the watchdog abandoned', async () => {
      // Which copy hung is unknown: halves, whatever vitest named for an error.
      const { session, plans } = scriptedSession((plan) => {
        if (plan.instances === undefined) return outcome([{ id: 't1' }]);
        const erred = { ...outcome([]), unhandled: ['rejected later'], suspects: ['0'] };
        return Object.keys(plan.instances).length === 4
          ? { outcome: erred, timedOut: true }
          : erred;
      });
      const round = ['m1', 'm2', 'm3', 'm4'].map((id) => entry(id, 't1'));
      await executeRound(round, instanced(session));
      expect(
        plans.map((p) => Object.keys(p.instances ?? {}).length || 'alone').slice(0, 2),
      ).toEqual([4, 2]);
    });

    test('should halve the round when vitest’s lead did not hold', async () => {
      // Every instanced run errs and names tag 0: after one lead, only halves.
      const { session, plans } = copies(
        (id) => outcome([{ id: 't1', report: applied(id) }]),
        ['rejected later'],
      );
      const leading = {
        ...session,
        run: async (...args: Parameters<TestSession['run']>) => {
          const run = await session.run(...args);
          return run.outcome?.instances === undefined
            ? run
            : { ...run, outcome: { ...run.outcome, suspects: ['0'] } };
        },
      };
      const round = ['m1', 'm2', 'm3', 'm4'].map((id) => entry(id, 't1'));
      await executeRound(round, instanced(leading));
      // m1 alone, then the three others, which err again: halves from there on (2 + 1, …).
      expect(plans.map((p) => Object.keys(p.instances ?? {}).length || 'alone')).toEqual([
        4,
        'alone',
        3,
        2,
        'alone',
        'alone',
        'alone',
      ]);
    });

    test('should mark the copies of a confirmation in the project pool as confirmed', async () => {
      const { session } = copies((id) => outcome([{ id: 't1', report: applied(id) }]));
      const round = [entry('m1', 't1'), entry('m2', 't1')];
      const confirmed = await executeRound(round, {
        ...instanced(session),
        confirming: true,
        replacesVmForks: true,
      });
      // Negative control: a re-run of a round split in halves keeps its copies batched.
      const halved = await executeRound(round, { ...instanced(session), confirming: true });
      expect(confirmed.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m1', 'confirmed'],
        ['m2', 'confirmed'],
      ]);
      expect(halved.map((r) => r.verdictSource)).toEqual(['batched', 'batched']);
    });

    test('should run a mutant whose copy did not finish again alone', async () => {
      const { session, plans } = copies((id) =>
        outcome([{ id: 't1', report: applied(id), state: id === 'm2' ? 'pending' : 'passed' }]),
      );
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // The run alone answers 'pending' again: the mutant's own run did not finish either.
      expect(plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
      ]);
      expect(results.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m1', 'batched'],
        ['m2', 'confirmed'],
      ]);
    });

    /** Copies of t1 in which m2's copy exceeds vitest's 1,000 ms limit. */
    const m2TimesOut = () =>
      copies((id) =>
        outcome([
          id === 'm2'
            ? { id: 't1', state: 'failed', errors: ['Test timed out in 1000ms.'] }
            : { id: 't1', report: applied(id) },
        ]),
      );

    test('should run alone a copy killed only by a timeout its test came near without mutants', async () => {
      // Arrange: t1 took 400 ms of its 1,000 ms limit in the discovery run; m2's copy timed out.
      const { session, plans } = m2TimesOut();
      const handed: string[] = [];
      const reported: string[] = [];
      const onResult = (result: MutantResult) =>
        reported.push(`${result.id} ${String(result.verdictSource)}`);
      const round = [entry('m1', 't1'), entry('m2', 't1')];
      const discovery = outcome([{ id: 't1', durationMs: 400 }, { id: 't2' }, { id: 't3' }]);
      // Act
      const alone = await executeRound(round, { ...instanced(session), discovery, onResult });
      const elsewhere = await executeRound(round, {
        ...instanced(session),
        discovery,
        onResult,
        onUnfinished: (unfinished) => handed.push(unfinished.mutant.id),
      });
      // Assert
      expect(plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
        'copies',
      ]);
      expect(alone.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
        ['m1', 'Survived', 'batched'],
        ['m2', 'Killed', 'confirmed'],
      ]);
      expect(handed).toEqual(['m2']);
      expect(elsewhere.map((r) => r.id)).toEqual(['m1']);
      // Each verdict reported once; the copy handed over, by whoever runs it.
      expect(reported).toEqual(['m1 batched', 'm2 confirmed', 'm1 batched']);
    });

    test('should keep the verdict of a copy whose test hung far from its time limit', async () => {
      const { session, plans } = m2TimesOut();
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // t1 took 1 ms without mutants: 1,000 ms is no slowdown of the load's.
      expect(plans).toHaveLength(1);
      expect(results.map((r) => [r.id, r.status, r.killedAt?.timedOut])).toEqual([
        ['m1', 'Survived', undefined],
        ['m2', 'Killed', true],
      ]);
    });

    test('should hand a mutant whose copy did not finish to onUnfinished, not run it alone', async () => {
      const { session, plans } = copies((id) =>
        outcome([{ id: 't1', report: applied(id), state: id === 'm2' ? 'pending' : 'passed' }]),
      );
      const handed: string[] = [];
      const results = await executeRound([entry('m1', 't1'), entry('m2', 't1')], {
        ...instanced(session),
        onUnfinished: (unfinished) => handed.push(unfinished.mutant.id),
      });
      // Its run alone happens where the caller sends it (the project's pool): none here.
      expect(plans).toHaveLength(1);
      expect(handed).toEqual(['m2']);
      expect(results.map((r) => r.id)).toEqual(['m1']);
    });

    test('should run the copies that started in a changed process again together, then alone', async () => {
      // Arrange: in the first run m2's and m3's copies report that an earlier copy had left
      // process.env.TOKEN changed; run again together, m3's copy does once more.
      const made = copies((id) => {
        const copy = outcome([{ id: 't1', report: applied(id) }]);
        // The session records a run's plan before it answers: the run answered, from 1.
        const run = made.plans.length;
        const changed = (run === 1 && id !== 'm1') || (run === 2 && id === 'm3');
        return changed ? changedProcess(copy) : copy;
      });
      const { session, plans } = made;
      const handed: string[] = [];
      const round = [entry('m1', 't1'), entry('m2', 't1'), entry('m3', 't1')];
      // Act
      const results = await executeRound(round, {
        ...instanced(session),
        onUnfinished: (unfinished) => handed.push(unfinished.mutant.id),
      });
      // Assert: three copies, then m2's and m3's copies in a run of their own; m3, changed again,
      // goes where unfinished copies go.
      expect(plans.map((p) => Object.keys(p.instances ?? {}).length)).toEqual([3, 2]);
      expect(results.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m1', 'batched'],
        ['m2', 'batched'],
      ]);
      expect(handed).toEqual(['m3']);
    });

    test('should run a copy that started in a changed process alone where its rerun settled none', async () => {
      // Arrange: m2's copy reports a changed process in every run of copies.
      const { session, plans } = copies((id) => {
        const copy = outcome([{ id: 't1', report: applied(id) }]);
        return id === 'm2' ? changedProcess(copy) : copy;
      });
      // Act
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // Assert: the copies, m2 alone (a round of one has no copies): its run alone stands.
      expect(plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
      ]);
      expect(results.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m1', 'batched'],
        ['m2', 'confirmed'],
      ]);
    });

    test('should run each copy alone at once where every copy of the round started in a changed process', async () => {
      // Arrange: every copy, in every run of copies, reports a changed process; running them
      // together again would be the same round. A run past the tenth fails the test.
      const made = copies((id) => {
        if (made.plans.length > 10) throw new Error('the same round again and again');
        return changedProcess(outcome([{ id: 't1', report: applied(id) }]));
      });
      const round = [entry('m1', 't1'), entry('m2', 't1'), entry('m3', 't1')];
      // Act
      const results = await executeRound(round, instanced(made.session));
      // Assert
      expect(made.plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
        'alone',
        'alone',
      ]);
      expect(results.map((r) => r.verdictSource)).toEqual(Array(3).fill('confirmed'));
    });

    test('should run a round of one mutant as it is, without copies', async () => {
      const { session, plans, selections } = copies((id) =>
        outcome([{ id: 't1', report: applied(id) }]),
      );
      const results = await executeRound([entry('m1', 't1')], instanced(session));
      expect(plans[0]?.instances).toBeUndefined();
      expect([...(selections[0] ?? new Map()).keys()]).toEqual(['/p/a.test.ts']);
      expect(results.map((r) => [r.status, r.verdictSource])).toEqual([['Survived', 'isolated']]);
    });

    test('should run a mutant whose copy did not report again alone', async () => {
      // Arrange: the copy of m2 (tag 1) is missing from the run, as when its worker died.
      const { session, plans } = scriptedSession((plan) => {
        const finished = (id: string) => outcome([{ id: 't1', report: applied(id) }]);
        if (plan.instances === undefined) return finished('m2');
        return { ...outcome([]), instances: new Map([['0', finished('m1')]]) };
      });
      // Act
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // Assert
      expect(plans).toHaveLength(2);
      expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
        ['m1', 'Survived', 'batched'],
        ['m2', 'Survived', 'confirmed'],
      ]);
    });

    test('should run every mutant again alone when no copy reported', async () => {
      // Arrange: the run ended, but no copy of any file reported (every worker died).
      const { session, plans } = scriptedSession((plan) =>
        plan.instances === undefined
          ? outcome([
              { id: 't1', report: applied(Object.values(plan.mutations)[0]?.mutantId ?? '') },
            ])
          : outcome([]),
      );
      // Act
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      // Assert
      expect(plans).toHaveLength(3);
      expect(results.map((r) => [r.id, r.status, r.verdictSource])).toEqual([
        ['m1', 'Survived', 'confirmed'],
        ['m2', 'Survived', 'confirmed'],
      ]);
    });

    test('should split the round in halves when the run produced no outcome', async () => {
      const { session, plans } = scriptedSession((plan) =>
        plan.instances === undefined
          ? outcome([
              { id: 't1', report: applied(Object.values(plan.mutations)[0]?.mutantId ?? '') },
            ])
          : { outcome: null, timedOut: false },
      );
      const results = await executeRound(
        [entry('m1', 't1'), entry('m2', 't1')],
        instanced(session),
      );
      expect(plans.map((p) => (p.instances === undefined ? 'alone' : 'copies'))).toEqual([
        'copies',
        'alone',
        'alone',
      ]);
      expect(results.map((r) => [r.id, r.verdictSource])).toEqual([
        ['m1', 'confirmed'],
        ['m2', 'confirmed'],
      ]);
    });

    test('should hand every copy of a small round the watchdog abandoned to onUnfinished', async () => {
      // Arrange: every run of copies is abandoned (which copy hung is unknown).
      const { session, plans } = scriptedSession(() => ({ outcome: null, timedOut: true }));
      const handed: string[] = [];
      const options = {
        ...instanced(session),
        onUnfinished: (unfinished: RoundMutant) => handed.push(unfinished.mutant.id),
      };
      const ids = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'];
      const nine = ids.map((id) => entry(id, 't1'));
      // Act
      const results = await executeRound(nine, options);
      // Assert: 9 copies are halved into 5 and 4, and 5 into 3 and 2; up to 4 are handed over.
      expect(plans.map((p) => Object.keys(p.instances ?? {}).length)).toEqual([9, 5, 3, 2, 4]);
      expect(handed).toEqual(ids);
      expect(results).toEqual([]);
      // Negative control: without onUnfinished the same round is halved down to runs alone here.
      const { session: alone, plans: aloneRuns } = scriptedSession(() => ({
        outcome: null,
        timedOut: true,
      }));
      await executeRound(nine, instanced(alone));
      expect(aloneRuns.filter((p) => p.instances === undefined)).toHaveLength(9);
    });

    test('should judge no copy of a run the watchdog fired on, even one that settled in time', async () => {
      // Arrange: the run of copies settles within the watchdog's grace, every copy seemingly
      // passed (vitest marks the tests it cancelled skipped); alone, each runs to its end.
      const passed = (id: string) => outcome([{ id: 't1', report: applied(id) }]);
      const { session, plans } = scriptedSession((plan) => {
        if (plan.instances === undefined) return passed('m1');
        const instances = new Map(Object.keys(plan.instances).map((tag) => [tag, passed('m1')]));
        return { outcome: { ...outcome([]), instances }, timedOut: true };
      });
      const handed: string[] = [];
      const options = {
        ...instanced(session),
        onUnfinished: (unfinished: RoundMutant) => handed.push(unfinished.mutant.id),
      };
      // Act
      const results = await executeRound([entry('m1', 't1'), entry('m2', 't1')], options);
      // Assert: both handed to their runs alone, none judged from the abandoned run.
      expect(handed).toEqual(['m1', 'm2']);
      expect(results).toEqual([]);
      expect(plans).toHaveLength(1);
    });

    test('should split the round in halves when an error escapes every copy', async () => {
      const { session, plans } = copies(
        (id) => outcome([{ id: 't1', report: applied(id) }]),
        ['rejected later'],
      );
      await executeRound(
        [entry('m1', 't1'), entry('m2', 't1'), entry('m3', 't3')],
        instanced(session),
      );
      // 3 copies → halves of 2 (copies again, the error again) and 1 → 1 and 1 alone.
      expect(plans.map((p) => Object.keys(p.instances ?? p.mutations).length)).toEqual([
        3, 2, 1, 1, 1,
      ]);
    });
  });
});
