import { describe, expect, test } from 'vitest';
import type { Site } from '../../src/mutant/mutant.js';
import {
  executeRound,
  type ExecuteRoundsOptions,
  type RoundMutant,
} from '../../src/runner/execute-rounds.js';
import type { RoundOutcome, TestOutcome } from '../../src/runner/round-outcome.js';
import type { SessionRun, VitestSession } from '../../src/runner/vitest-session.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';

function entry(id: string, testId: string): RoundMutant {
  const site: Site = {
    key: `${testId}#0`,
    kind: 'envelope',
    file: 'a.test.ts',
    testIds: [testId],
    fileLevel: false,
    value: {},
    check: {},
  };
  return {
    mutant: {
      id,
      siteKey: site.key,
      mutatorName: 'change-id',
      variantIndex: 0,
      replacement: '',
      path: ['id'],
      value: { id },
    },
    site,
    expectedKillers: ['jsonrpc.id'],
  };
}

function outcome(tests: Partial<TestOutcome>[]): RoundOutcome {
  const full = tests.map((t): TestOutcome => ({
    id: 't',
    name: 'n',
    file: 'a.test.ts',
    state: 'passed',
    errors: [],
    durationMs: 1,
    report: undefined,
    ...t,
  }));
  return {
    tests: new Map(full.map((t) => [t.id, t])),
    files: new Map([
      [
        'a.test.ts',
        {
          file: 'a.test.ts',
          moduleId: '/p/a.test.ts',
          errors: [],
          testIds: ['t1', 't2', 't3'],
          overheadMs: 1,
          report: undefined,
        },
      ],
    ]),
    unhandled: [],
  };
}

/** A session that answers each run with the next scripted outcome and keeps the plans it got. */
function scriptedSession(answer: (plan: TapPlan) => RoundOutcome): {
  session: VitestSession;
  plans: TapPlan[];
} {
  const plans: TapPlan[] = [];
  const session: VitestSession = {
    testFiles: () => Promise.resolve(['/p/a.test.ts']),
    run: (plan): Promise<SessionRun> => {
      plans.push(plan);
      return Promise.resolve({ outcome: answer(plan), timedOut: false });
    },
    close: () => Promise.resolve(),
    runs: () => plans.length,
    projectPool: () => ({
      pool: 'forks',
      isolate: true,
      projects: 1,
      browserOrTypecheck: false,
      customPool: false,
    }),
    testTimeoutMs: () => 5000,
  };
  return { session, plans };
}

function options(session: VitestSession): ExecuteRoundsOptions {
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
  test('should judge every mutant of a clean round from that one run', async () => {
    const { session, plans } = scriptedSession(() =>
      outcome([
        {
          id: 't1',
          state: 'failed',
          errors: ['jsonrpc.id: expected 2 to be 1'],
          report: applied('m1'),
        },
        { id: 't2', report: applied('m2') },
      ]),
    );
    const results = await executeRound([entry('m1', 't1'), entry('m2', 't2')], options(session));
    expect(plans).toHaveLength(1);
    expect(Object.keys(plans[0]?.mutations ?? {}).sort()).toEqual(['t1#0', 't2#0']);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['m1', 'Killed'],
      ['m2', 'Survived'],
    ]);
  });

  test('should re-run the mutants one by one when a test that hosted none fails', async () => {
    const { session, plans } = scriptedSession((plan) => {
      const ids = Object.values(plan.mutations).map((m) => m.mutantId);
      if (ids.length > 1)
        return outcome([
          { id: 't1', report: applied('m1') },
          { id: 't2', report: applied('m2') },
          { id: 't3', state: 'failed', errors: ['boom'] },
        ]);
      return ids[0] === 'm1'
        ? outcome([
            { id: 't1', state: 'failed', errors: ['[jsonrpc.id] wrong'], report: applied('m1') },
          ])
        : outcome([{ id: 't2', report: applied('m2') }]);
    });
    const results = await executeRound([entry('m1', 't1'), entry('m2', 't2')], options(session));
    expect(plans.map((p) => Object.keys(p.mutations).length)).toEqual([2, 1, 1]);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['m1', 'Killed'],
      ['m2', 'Survived'],
    ]);
  });

  test('should re-run the mutants one by one when an error escapes the tests', async () => {
    const { session, plans } = scriptedSession((plan) => {
      const base = outcome([
        { id: 't1', report: applied('m1') },
        { id: 't2', report: applied('m2') },
      ]);
      return Object.keys(plan.mutations).length > 1
        ? { ...base, unhandled: ['worker exited'] }
        : base;
    });
    await executeRound([entry('m1', 't1'), entry('m2', 't2')], options(session));
    expect(plans).toHaveLength(3);
  });
});
