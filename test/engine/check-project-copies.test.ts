import { describe, expect, test } from 'vitest';
import { checkProjectCopies } from '../../src/engine/check-project-copies.js';
import type { RoundSession } from '../../src/engine/choose-pool.js';
import { discoveryOutcome, errorSite, fakeSession, type FakeSession } from './pool-fixtures.js';
import { collectSites, collectTests } from '../../src/engine/collect-sites.js';

const outcome = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')] }]);
const reference: RoundSession & { session: FakeSession } = {
  session: fakeSession(outcome),
  discovery: { sites: collectSites(outcome), tests: collectTests(outcome), outcome },
  choice: { pool: 'project', reason: 'the config asks for pool "project"' },
};

describe('checkProjectCopies', () => {
  test('should keep the project session when a session with more workers cannot open', async () => {
    const own = fakeSession(outcome);
    let opens = 0;
    const open = () => {
      opens += 1;
      return opens === 1 ? Promise.reject(new Error('no config')) : Promise.resolve(own);
    };
    const reporter = { onPhase: () => undefined };
    const chosen = await checkProjectCopies(
      { ...reference, session: fakeSession(outcome) },
      { root: '/p', open, workers: 2, reporter },
    );
    expect(chosen.session).toBe(own);
    expect(own.closed()).toBe(0);
    expect(chosen.choice.reason).toContain('side by side: vitest failed (no config)');
  });

  test('should keep the project session, saying how, when the copies differ', async () => {
    const failed = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')], state: 'failed' }]);
    const probe = fakeSession(outcome, undefined, failed);
    const own = fakeSession(outcome);
    const sessions = [probe, own];
    const open = () => Promise.resolve(sessions.shift() ?? own);
    const reporter = { onPhase: () => undefined };

    const chosen = await checkProjectCopies(
      { ...reference, session: fakeSession(outcome) },
      { root: '/p', open, workers: 2, reporter },
    );

    expect(chosen.session).toBe(own);
    expect(probe.closed()).toBe(1);
    expect(chosen.declined).toBe(true);
    expect(chosen.choice.reason).toBe(
      'the config asks for pool "project"; two copies of each test file side by side differed: test "test t1" failed (it passed in the reference run) (a value that changes from run to run, or a port, a file or a server of its globalSetup that both use): one mutant per file in each round',
    );
  });

  test('should keep the project session, saying why, when vitest fails on the copies', async () => {
    const opened: (number | undefined)[] = [];
    const failing: FakeSession = {
      ...fakeSession(outcome),
      run: () => Promise.reject(new Error('Transform failed\nat line 3')),
    };
    const own = fakeSession(outcome);
    const open = (_pool: 'vmForks' | null, workers?: number) => {
      opened.push(workers);
      return Promise.resolve(opened.length === 1 ? failing : own);
    };
    const phases: string[] = [];
    const reporter = { onPhase: (phase: string) => phases.push(phase) };

    const chosen = await checkProjectCopies(reference, { root: '/p', open, workers: 2, reporter });

    expect(opened).toEqual([2, undefined]);
    expect(phases).toEqual(['check-copies']);
    expect(chosen.session).toBe(own);
    expect(chosen.declined).toBe(true);
    expect([reference.session, failing, own].map((session) => session.closed())).toEqual([1, 1, 0]);
    expect(chosen.instanced).toBeUndefined();
    expect(chosen.choice.reason).toBe(
      'the config asks for pool "project"; two copies of each test file side by side: vitest failed (Transform failed): one mutant per file in each round',
    );
  });
});
