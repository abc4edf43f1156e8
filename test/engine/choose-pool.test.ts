import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import type { PoolMode } from '../../src/config/config-input.js';
import { choosePool, discoverReference, FEW_PROJECT_ROUNDS } from '../../src/engine/choose-pool.js';
import type { ProjectPool, SessionRun } from '../../src/engine/test-session.js';
import {
  discoveryOutcome,
  errorSite,
  fakeSession,
  FORKS,
  type FakeSession,
  type FakeTest,
} from './pool-fixtures.js';

const SUITE: readonly FakeTest[] = [{ id: 't1', sites: [errorSite('unknown-method')] }];

/** A project whose own pool is `pool` and whose suite records `own` there and `vm` in vmForks. */
function project(options: {
  own?: readonly FakeTest[];
  vm?: readonly FakeTest[];
  /** What each of two copies of the file, side by side in vmForks, records. */
  copies?: readonly FakeTest[];
  /** The whole run of the copies instead (a run the watchdog abandoned, an error outside them). */
  copiesRun?: SessionRun;
  pool?: ProjectPool;
  /** The project's files its own pool's runs write (what the adapter notes of a discovery run). */
  written?: readonly string[];
}) {
  const opened: { pool: 'vmForks' | null; session: FakeSession }[] = [];
  const open = (pool: 'vmForks' | null) => {
    const tests = pool === null ? (options.own ?? SUITE) : (options.vm ?? SUITE);
    const copies = discoveryOutcome(options.copies ?? tests);
    const session = fakeSession(discoveryOutcome(tests), options.pool ?? FORKS, copies);
    const { copiesRun, written } = options;
    if (pool === null && written !== undefined) {
      const plain = session.run;
      session.run = async (plan, selection, budget) => {
        const run = await plain(plan, selection, budget);
        const outcome = run.outcome === null ? null : { ...run.outcome, writtenFiles: written };
        return { ...run, outcome };
      };
    }
    if (pool === 'vmForks' && copiesRun !== undefined) {
      const counted = session.run;
      session.run = (plan, selection, budget) =>
        counted(plan, selection, budget).then(() => copiesRun);
    }
    opened.push({ pool, session });
    return Promise.resolve(session);
  };
  return { open, opened };
}

/** Rounds its mutants would take in the project's pool: more than a check of vmForks costs. */
const MANY_ROUNDS = FEW_PROJECT_ROUNDS + 1;

async function choose(
  mode: PoolMode,
  setup: ReturnType<typeof project>,
  projectRounds = MANY_ROUNDS,
) {
  const options = { mode, root: '/project', open: setup.open };
  const reference = await discoverReference(options);
  return choosePool(reference, { ...options, projectRounds });
}

describe('choosePool', () => {
  test('should run the rounds in vmForks when the suite behaves the same there', async () => {
    // Arrange
    const setup = project({});
    // Act
    const chosen = await choose('auto', setup);
    // Assert: the reference session is closed; vmForks ran the copies once, and no discovery.
    expect(setup.opened.map((o) => o.pool)).toEqual([null, 'vmForks']);
    expect(chosen.session).toBe(setup.opened[1]?.session);
    expect(chosen.choice).toEqual({
      pool: 'vmForks',
      reason:
        'every test and site was the same in two copies of each test file run side by side in vmForks',
    });
    expect(setup.opened[0]?.session.closed()).toBe(1);
    expect(setup.opened[1]?.session.closed()).toBe(0);
    // vmForks: two copies of each file side by side, one run.
    expect(setup.opened.map((o) => o.session.runs())).toEqual([1, 1]);
    expect(chosen.discovery.sites.map((site) => site.key)).toEqual(['unknown-method']);
  });

  test('should keep the project pool when two copies of a file side by side differ', async () => {
    // Arrange: alone in vmForks the file records what it records in its own pool; two copies
    // of it at once do not (they share a port, a file, a member of process).
    const setup = project({ copies: [{ id: 't1', sites: [errorSite('unknown-method', 2)] }] });
    // Act
    const chosen = await choose('auto', setup);
    // Assert
    expect(chosen.choice.pool).toBe('project');
    expect(chosen.choice.reason).toMatch(
      /^two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: site unknown-method recorded a different envelope .*rounds stay in the project's pool$/,
    );
    expect(setup.opened.map((o) => o.pool)).toEqual([null, 'vmForks', null]);
    expect(setup.opened[1]?.session.closed()).toBe(1);
  });

  test('should keep the project pool when a site differs in vmForks, and say which', async () => {
    // Arrange
    const setup = project({ vm: [{ id: 't1', sites: [errorSite('unknown-method', 2)] }] });
    // Act
    const chosen = await choose('auto', setup);
    // Assert: one vitest instance at a time (a globalSetup must not run twice at once), so the
    // reference is closed before the probe, and a fresh project session takes its place.
    expect(setup.opened.map((o) => o.pool)).toEqual([null, 'vmForks', null]);
    expect(setup.opened.map((o) => o.session.closed())).toEqual([1, 1, 0]);
    expect(chosen.session).toBe(setup.opened[2]?.session);
    expect(chosen.choice).toEqual({
      pool: 'project',
      reason:
        "two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: site unknown-method recorded a different envelope (a value that changes from run to run, a suite that depends on its pool, or a file that shares something outside its VM context: a port, a file, a member of process, a server of its globalSetup); rounds stay in the project's pool",
    });
  });

  test('should keep the project pool when vitest itself fails in vmForks', async () => {
    // Arrange: a globalSetup that throws, a pool that cannot start.
    const setup = project({});
    const open = (pool: 'vmForks' | null) =>
      pool === null ? setup.open(pool) : Promise.reject(new Error('EADDRINUSE: port 4000\nat …'));
    const options = { mode: 'auto' as const, root: '/project', open };
    // Act
    const chosen = await choosePool(await discoverReference(options), {
      ...options,
      projectRounds: MANY_ROUNDS,
    });
    // Assert
    expect(chosen.choice.reason).toBe(
      "in vmForks vitest failed (EADDRINUSE: port 4000); rounds stay in the project's pool",
    );
    expect(setup.opened.map((o) => o.session.closed())).toEqual([1, 0]);
    expect(chosen.session).toBe(setup.opened[1]?.session);
  });

  test.each([
    ['they did not finish', { outcome: null, timedOut: true }],
    [
      'an error outside any test: Error: EADDRINUSE',
      {
        outcome: { ...discoveryOutcome(SUITE), unhandled: ['Error: EADDRINUSE\n    at listen'] },
        timedOut: false,
      },
    ],
  ])("should keep the project pool when the copies' run says %s", async (why, copiesRun) => {
    const setup = project({ copiesRun });
    const chosen = await choose('auto', setup);
    expect(chosen.choice.pool).toBe('project');
    expect(chosen.choice.reason).toMatch(
      new RegExp(`^two copies of each test file, .* differed from the reference run: ${why} \\(`),
    );
    expect(setup.opened.map((o) => o.session.closed())).toEqual([1, 1, 0]);
  });

  test('should not try vmForks when no mutant is left to run', async () => {
    // Arrange: every verdict reused (--incremental), or every mutant without coverage.
    const setup = project({});
    // Act
    const chosen = await choose('auto', setup, 0);
    // Assert
    expect(setup.opened.map((o) => o.pool)).toEqual([null]);
    expect(chosen.choice).toEqual({ pool: 'project', reason: 'no mutant left to run' });
  });

  test.each([
    [1, 'one vitest run'],
    [2, '2 vitest runs'],
    [3, '3 vitest runs'],
  ])(
    'should not try vmForks when the mutants take %i rounds in the project pool',
    async (rounds, runs) => {
      // Arrange: one mutant (`--mutant`), or up to three of one test file: their rounds in the
      // project's pool are their reference runs, and cost no more runs than vmForks would.
      const setup = project({});
      // Act
      const chosen = await choose('auto', setup, rounds);
      // Assert
      expect(setup.opened.map((o) => o.pool)).toEqual([null]);
      expect(chosen.session).toBe(setup.opened[0]?.session);
      expect(chosen.choice).toEqual({
        pool: 'project',
        reason: `its mutants take ${runs} there; vmForks takes three at least: the check, a round, the confirmations`,
      });
    },
  );

  test('should try vmForks from one round more than the check costs', async () => {
    // Negative control of the rule above: the same suite, one round more.
    const setup = project({});
    // Act
    const chosen = await choose('auto', setup, FEW_PROJECT_ROUNDS + 1);
    // Assert
    expect(setup.opened.map((o) => o.pool)).toEqual([null, 'vmForks']);
    expect(chosen.choice.pool).toBe('vmForks');
  });

  test('should keep the project pool when the suite fails in vmForks', async () => {
    const setup = project({ vm: [{ id: 't1', state: 'failed', sites: [] }] });
    const chosen = await choose('auto', setup);
    expect(chosen.choice.pool).toBe('project');
    expect(chosen.choice.reason).toBe(
      'two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: test "test t1" failed (it passed in the reference run) (a value that changes from run to run, a suite that depends on its pool, or a file that shares something outside its VM context: a port, a file, a member of process, a server of its globalSetup); rounds stay in the project\'s pool',
    );
  });

  test.each([
    [{ ...FORKS, pool: 'typescript' }, 'the project\'s own pool "typescript" is kept'],
    [{ ...FORKS, isolate: false }, 'the project sets isolate: false'],
    [{ ...FORKS, projects: 2 }, 'the config defines 2 vitest projects'],
    [{ ...FORKS, browserOrTypecheck: true }, 'browser mode or type-checks'],
    [{ ...FORKS, customPool: true }, 'its own pool runner'],
    [{ ...FORKS, oneWorkerConfigured: true }, 'one test file at a time'],
    [{ ...FORKS, globalSetup: true }, 'the project has a globalSetup'],
  ])('should not try vmForks on a project whose pool is %o', async (pool, reason) => {
    const setup = project({ pool });
    const chosen = await choose('auto', setup);
    expect(setup.opened.map((o) => o.pool)).toEqual([null]);
    expect(chosen.choice.pool).toBe('project');
    expect(chosen.choice.reason).toContain(reason);
  });

  test.each(['threads', 'vmThreads'])(
    'should keep the pool of a project whose own pool is %s: worker threads',
    async (threads) => {
      const setup = project({ pool: { ...FORKS, pool: threads, isolate: threads === 'threads' } });
      const chosen = await choose('auto', setup);
      expect(setup.opened.map((o) => o.pool)).toEqual([null]);
      expect(chosen.choice.reason).toBe(
        `the project's own pool "${threads}" runs worker threads, where a copy in vmForks would run in a process: it is kept`,
      );
    },
  );

  test('should check vmForks for a project whose own pool is vmForks on two workers or more', async () => {
    // A vm pool resolves isolate: false; its whole-file rounds hold one mutant each, so
    // copies that give back what their process shares are worth the check.
    const pool = { ...FORKS, pool: 'vmForks', isolate: false };
    const setup = project({ pool });
    const chosen = await choose('auto', setup);
    expect(setup.opened.map((o) => o.pool)).toEqual([null, 'vmForks']);
    expect(chosen.choice.pool).toBe('vmForks');
    // Negative controls: one file at a time keeps it, as for forks; so does one worker, on
    // which every file of a run shares one VM context.
    const one = project({ pool: { ...pool, oneWorkerConfigured: true } });
    expect((await choose('auto', one)).choice.reason).toContain('one test file at a time');
    const oneWorker = project({ pool: { ...pool, oneWorker: true } });
    expect((await choose('auto', oneWorker)).choice.reason).toContain(
      'the project runs its vm pool on one worker, which runs every file of a run in one VM context',
    );
  });

  test('should keep the pool of a suite that writes in the project, without a probe', async () => {
    // Arrange: a test writes state.json and a later one reads it back.
    const setup = project({ written: ['state.json'] });
    // Act
    const chosen = await choose('auto', setup);
    // Assert: copies side by side would find each other's state.json.
    expect(setup.opened.map((o) => o.pool)).toEqual([null]);
    expect(chosen.choice).toEqual({
      pool: 'project',
      reason:
        'its tests write in the project (state.json), which copies of a file side by side would share: each file runs alone in a round',
    });
    // Negative control: a run that wrote nothing checks vmForks.
    const quiet = project({ written: [] });
    expect((await choose('auto', quiet)).choice.pool).toBe('vmForks');
  });

  test('should use one pool without a probe when the config names it', async () => {
    const own = project({});
    const vm = project({});
    const project_ = await choose('project', own);
    const vmForks = await choose('vmForks', vm);
    expect(own.opened.map((o) => o.pool)).toEqual([null]);
    expect(project_.choice).toEqual({
      pool: 'project',
      reason: 'the config asks for pool "project"',
    });
    // vmForks reads the project's own pool first, in a session that runs nothing.
    expect(vm.opened.map((o) => o.pool)).toEqual([null, 'vmForks']);
    expect(vm.opened[0]?.session.runs()).toBe(0);
    expect(vm.opened[0]?.session.closed()).toBe(1);
    expect(vmForks.choice.pool).toBe('vmForks');
  });

  test('should refuse vmForks where the project runs in one module graph the files of a site', async () => {
    // Arrange: one explicit key reached by tests of two files.
    const twoFiles = (pool: ProjectPool) => {
      const outcome = discoveryOutcome([
        { id: 't1', sites: [errorSite('ping')] },
        { id: 't2', sites: [errorSite('ping')] },
      ]);
      const second = outcome.tests.get('t2');
      if (second === undefined) throw new Error('the fixture has t2');
      const tests = new Map([...outcome.tests, ['t2', { ...second, file: 'b.test.ts' }]]);
      const opened: { pool: 'vmForks' | null; session: FakeSession }[] = [];
      const open = (asked: 'vmForks' | null) => {
        const session = fakeSession({ ...outcome, tests }, pool);
        opened.push({ pool: asked, session });
        return Promise.resolve(session);
      };
      return { open, opened };
    };
    const notIsolated = { ...FORKS, isolate: false };
    const vmOnOneWorker = { ...FORKS, pool: 'vmForks', isolate: false, oneWorker: true };
    for (const [pool, why] of [
      [
        notIsolated,
        'the project sets isolate: false, so a worker runs file after file in one module graph',
      ],
      [
        vmOnOneWorker,
        'the project runs its vm pool on one worker, which runs every file of a run in one VM context',
      ],
    ] as const) {
      for (const askedBy of ['flag', 'config'] as const) {
        const setup = twoFiles(pool);
        // Act
        const refused = discoverReference({
          mode: 'vmForks',
          askedBy,
          root: '/project',
          open: setup.open,
        });
        // Assert: the project's own pool read in a session that runs nothing, then discovery.
        await expect(refused).rejects.toBeInstanceOf(ConfigError);
        await expect(refused).rejects.toThrow(
          `${why}, and the tests of a.test.ts and b.test.ts reach site "ping"`,
        );
        await expect(refused).rejects.toThrow(
          askedBy === 'flag'
            ? /^--pool vmForks: .* Run without --pool vmForks, or with --pool project \("auto", the default, keeps the project's pool there\)\.$/
            : /^config: "pool": "vmForks": .* Remove "pool": "vmForks" from the config, or set it to "project" \("auto", the default, keeps the project's pool there\)\.$/,
        );
        expect(setup.opened.map((o) => [o.pool, o.session.runs(), o.session.closed()])).toEqual([
          [null, 0, 1],
          ['vmForks', 1, 1],
        ]);
      }
    }
    // Negative controls: a vm pool on two workers gives each file a context of its own, and a
    // site of one file runs as its copy does, whatever the pool.
    const vmOnTwoWorkers = twoFiles({ ...vmOnOneWorker, oneWorker: false });
    const options = { mode: 'vmForks' as const, root: '/project' };
    const accepted = await discoverReference({ ...options, open: vmOnTwoWorkers.open });
    expect(accepted.choice.pool).toBe('vmForks');
    const oneFile = await choose('vmForks', project({ pool: notIsolated }));
    expect(oneFile.choice.pool).toBe('vmForks');
  });

  test('should say the command line asked for the pool when --pool did', async () => {
    const setup = project({});
    const options = { mode: 'vmForks' as const, askedBy: 'flag' as const, root: '/project' };
    const reference = await discoverReference({ ...options, open: setup.open });
    expect(reference.choice.reason).toBe('the command line asks for pool "vmForks"');
  });

  test('should say, where the config names the pool, that a globalSetup runs every mutant alone', async () => {
    const pool = { ...FORKS, globalSetup: true };
    for (const mode of ['project', 'vmForks'] as const) {
      const chosen = await choose(mode, project({ pool }));
      expect(chosen.choice.reason).toBe(
        `the config asks for pool "${mode}"; the project has a globalSetup, which every file of a run shares: every mutant runs alone`,
      );
    }
  });

  test('should close the session and rethrow when the suite fails in its own pool', async () => {
    const setup = project({ own: [{ id: 't1', state: 'failed' }] });
    await expect(choose('auto', setup)).rejects.toBeInstanceOf(ConfigError);
    expect(setup.opened.map((o) => o.session.closed())).toEqual([1]);
  });
});
