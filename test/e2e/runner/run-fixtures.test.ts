import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { testNamesOf } from '../../support/read-json-report.js';
import { runCli } from '../../support/run-cli.js';
import { runFixture, verdicts, type ReportedMutant } from '../../support/run-fixture.js';
import { sharedRun } from '../../support/shared-run.js';
import { fixtureCopies, fixtureCopy } from '../../support/temp-copy.js';

// One temporary copy of each fixture suite, shared by this file's runs of it.
const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());
// The unlabelled suite's default run serves its verdicts and the ids `--mutant` picks from.
const unlabelledRun = sharedRun(() => runFixture(fixtures.root('unlabelled')));
// The suite that never checks ids, with a break threshold of 90 (its mutators are the default
// config's): its verdicts, and the exit code of a gate it fails.
const gatedRun = sharedRun(() =>
  runFixture(fixtures.root('never-checks-ids'), '--config', 'gate.config.json'),
);

/** Where the rounds of the fixture's last run ran, and why, as its report records it. */
function poolOf(name: string): { pool: string; reason: string } | undefined {
  const file = `${fixtures.root(name)}/reports/envelope-mutants/mutation.json`;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    envelopeMutants: { pool?: { pool: string; reason: string } };
  };
  return report.envelopeMutants.pool;
}

// Each suite runs batched, then with --isolate (one mutant per vitest run in the project's own
// pool): the reference.
// Whole vitest runs per mutant on a shared machine: generous time, no timing asserted.
describe('envelope-mutants run on the fixture suites', { timeout: 300_000 }, () => {
  test('should kill every mutant of the strong suite at a named assertion', async () => {
    const batched = await runFixture(fixtures.root('strong'));
    expect(batched.result.exitCode).toBe(0);
    expect(batched.mutants.length).toBeGreaterThan(20);
    for (const mutant of batched.mutants) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { named: true } });
    }
    // File-level sites (module level, beforeAll) are tested too.
    expect(batched.mutants.some((m) => m.siteKey === 'responses.spec.ts#1')).toBe(true);
    // The rounds ran in vmForks, and the sampled kills were confirmed in the project's pool.
    expect(batched.result.stderr).toMatch(/^pool: rounds run in vitest's vmForks pool \(/m);
    expect(poolOf('strong')?.reason).toMatch(/; \d+ verdicts re-run in the project's pool agreed$/);
    // The reference: every mutant alone, in the project's own pool. The batched verdicts in
    // vmForks are those of the project's pool, mutant for mutant.
    const isolated = await runFixture(fixtures.root('strong'), '--isolate');
    expect(poolOf('strong')?.pool).toBe('project');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
    expect(batched.vitestRuns).toBeLessThan(isolated.vitestRuns);
  });

  test('should let every change-id mutant survive a suite that never checks ids', async () => {
    const batched = await gatedRun();
    const changeId = batched.mutants.filter((m) => m.mutatorName === 'change-id');
    expect(changeId.length).toBeGreaterThan(0);
    for (const mutant of changeId) expect(mutant.status, mutant.id).toBe('Survived');
    // Negative control: the same suite does kill what it checks.
    const dropped = batched.mutants.filter((m) => m.mutatorName === 'drop-both-members');
    for (const mutant of dropped) expect(mutant.status, mutant.id).toBe('Killed');
    const isolated = await runFixture(fixtures.root('never-checks-ids'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should count kills by unlabelled assertions as not named', async () => {
    const batched = await unlabelledRun();
    expect(batched.mutants.length).toBeGreaterThan(0);
    for (const mutant of batched.mutants) {
      expect(mutant, mutant.id).toMatchObject({
        status: 'Killed',
        killedAt: { rule: null, named: false },
      });
    }
    const isolated = await runFixture(fixtures.root('unlabelled'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should never call a mutant that breaks the loading of a file a survivor', async () => {
    const batched = await runFixture(fixtures.root('collect-failure'));
    expect(batched.mutants.filter((m) => m.status === 'Survived')).toEqual([]);
    const atLoad = batched.mutants.filter((m) => m.killedAt?.test === 'listing.spec.ts');
    expect(atLoad.map((m) => m.mutatorName)).toContain('drop-both-members');
    const isolated = await runFixture(fixtures.root('collect-failure'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test("should call a test that exceeds vitest's testTimeout under a mutant a kill marked timed out", async () => {
    // vitest run fails such a test: the run is red. Timeout is for a run that does not finish.
    const batched = await runFixture(fixtures.root('hang'));
    const pending = batched.mutants.filter((m) => m.statusReason?.startsWith('Test timed out'));
    expect(pending.length).toBeGreaterThan(0);
    for (const mutant of pending) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { timedOut: true } });
    }
    // A kill reached beside other copies whose test took 400 of its 1,000 ms without mutants
    // may be the load's doing: it runs again alone. A test that hung from 1 ms is the mutant's.
    const names = testNamesOf(`${fixtures.root('hang')}/reports/envelope-mutants/mutation.json`);
    const sourcesAt = (name: string) =>
      pending
        .filter((m) => names.get(m.killedAt?.test ?? '') === name)
        .map((m) => m.envelopeMutants?.verdictSource);
    expect(sourcesAt('should answer a slow call within its time limit')).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    expect(sourcesAt('should settle the pending request')).toContain('batched');
    expect(batched.mutants.filter((m) => m.status === 'Killed').length).toBeGreaterThan(0);
    const isolated = await runFixture(fixtures.root('hang'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should tap MCP SDK traffic through connectRaw and client decisions through tapDecision', async () => {
    const batched = await runFixture(fixtures.root('mcp'));
    expect(batched.result.exitCode).toBe(0);
    const sites = new Set(batched.mutants.map((m) => m.siteKey.replace(/^[^#]*#/, '')));
    expect(sites).toEqual(
      new Set(['in:initialize#0', 'in:no/such/method#0', 'in:tools/call#0', 'decision#0']),
    );
    for (const mutant of batched.mutants) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { named: true } });
    }
    const isolated = await runFixture(fixtures.root('mcp'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should test the sites of afterEach and afterAll hooks in any order, and fixture suites', async () => {
    // The suite runs its hooks in the order declared (`sequence.hooks: 'list'`): its afterEach
    // and afterAll follow those of the harness's setup file.
    const batched = await runFixture(fixtures.root('hooks-list'));
    // hooks.spec.ts's tests are `-1298565804_<n>` (vitest hashes the file's path), its file-level
    // sites `hooks.spec.ts#<n>`; the rest are fixtures.spec.ts's.
    const ofHooks = (m: { siteKey: string }) => /^(-1298565804_|hooks\.spec\.ts#)/.test(m.siteKey);
    const table = Object.fromEntries(
      batched.mutants
        .filter(ofHooks)
        .map((m) => [`${m.siteKey.replace(/^-?\d+_/, '')} ${m.mutatorName}`, m.status]),
    );
    expect(table).toEqual({
      '0#0 drop-both-members': 'Survived',
      '0#0 insert-both-members': 'Survived',
      '0#1 drop-both-members': 'Killed',
      '0#1 insert-both-members': 'Survived',
      'hooks.spec.ts#0 drop-both-members': 'Survived',
      'hooks.spec.ts#0 insert-both-members': 'Killed',
    });
    // Beside it, a file with `test.extend` fixtures, which the harness's hooks must not break.
    const withFixtures = batched.mutants.filter((m) => !ofHooks(m));
    expect(withFixtures.map((m) => `${m.mutatorName} ${m.status}`).sort()).toEqual([
      'drop-both-members Killed',
      'insert-both-members Survived',
    ]);
    const isolated = await runFixture(fixtures.root('hooks-list'), '--isolate');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should blame the error of a worker fixture’s teardown on its own run, not the next', async () => {
    // vitest reports the teardown's error as the worker stops, often after the run answered: the
    // session waits for its workers before reading the run. Before, --isolate called the fixture's
    // mutant Survived and the next mutant, which changed only a test's unchecked members, Killed.
    // hangs.spec.ts's worker never stops under its `hang` mutant: vitest's pool then refuses every
    // later run until a new vitest takes over, and before, every mutant after it was Killed by
    // "Cannot run tasks while pool is cancelling".
    const table = (mutants: readonly ReportedMutant[]) =>
      Object.fromEntries(mutants.map((m) => [m.siteKey.replace(/^-?\d+_/, ''), m.status]));
    const isolated = await runFixture(fixtures.root('worker-fixture-teardown'), '--isolate');
    expect(table(isolated.mutants)).toEqual({
      '0#0': 'Killed',
      '1#0': 'Survived',
      hang: 'Survived',
      own: 'Survived',
    });
    const fixture = isolated.mutants.find((m) => m.siteKey.endsWith('_0#0'));
    expect(fixture?.killedAt?.rule).toBe('jsonrpc.members');
    const batched = await runFixture(fixtures.root('worker-fixture-teardown'));
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should order the files of every run as a fresh vitest run does, whatever ran before', async () => {
    // Two files in one worker (`isolate: false`): the smaller one relaxes the other. vitest
    // without results of earlier runs runs the larger file first, which then checks the id;
    // `vitest run` with a mutant of the ping fails. Before, the session's runs ordered their files
    // by the results of the runs before them (the slower file first after discovery), and every
    // mode called these mutants Survived, `--mutant` alone included.
    const root = fixtures.root('files-in-size-order');
    const isolated = await runFixture(root, '--isolate');
    expect(isolated.mutants.length).toBeGreaterThan(2);
    for (const mutant of isolated.mutants) {
      expect(mutant, mutant.id).toMatchObject({
        status: 'Killed',
        killedAt: { rule: 'jsonrpc.id' },
      });
    }
    const last = isolated.mutants.at(-1)?.id ?? '';
    const alone = await runFixture(root, '--isolate', '--mutant', last);
    expect(verdicts(alone.mutants)).toEqual(
      verdicts(isolated.mutants.filter((m) => m.id === last)),
    );
    const batched = await runFixture(root);
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should leave out of the scores the green runs of a site only tests marked to fail reach', async () => {
    const { result, mutants } = await runFixture(fixtures.root('known-failing'));

    const bySite = (key: string) => mutants.filter((m) => m.siteKey === key);
    const finding = bySite('750952878_1#0');
    expect(finding.length).toBeGreaterThan(0);
    for (const mutant of finding) {
      expect(mutant.status, mutant.id).toBe('Ignored');
      expect(mutant.statusReason, mutant.id).toContain('marked to fail (it.fails)');
    }
    // A mutant that repairs a finding makes its test pass: `vitest run` is red, a kill.
    const repaired = bySite('750952878_2#0');
    expect(repaired.map((m) => `${m.replacement ?? ''} ${m.status}`)).toEqual([
      'id "3" → "req-1f7t" (fresh id) Ignored',
      'id "3" → 3 Killed',
      'id "3" → null Ignored',
      'id "3" → absent Ignored',
    ]);
    expect(repaired[1]).toMatchObject({ killedAt: { named: false } });
    expect(repaired[1]?.statusReason).toContain('Expect test to fail');
    // A site the known failure shares with a passing test is judged as usual.
    const shared = bySite('findings.spec.ts#0');
    expect(shared.length).toBeGreaterThan(0);
    for (const mutant of [...shared, ...bySite('750952878_0#0')]) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { named: true } });
    }
    // thresholds.break is 100: the finding's mutants would fail it as survivors.
    expect(result.exitCode).toBe(0);
    const isolated = await runFixture(fixtures.root('known-failing'), '--isolate');
    expect(verdicts(mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should run the tests with NODE_ENV=test, as vitest run does, from a shell without it', async () => {
    // runCli leaves NODE_ENV out of the command's environment, as a user's shell does.
    const { mutants } = await runFixture(fixtures.root('node-env'));

    expect(mutants).toHaveLength(4);
    for (const mutant of mutants) expect(mutant.status, mutant.id).toBe('Killed');
  });

  test('should keep the root of the vitest config where it runs in the project, as vitest run does', async () => {
    // The config's `root: './pkg'` names the folder of the tests. Until 2026-12-07 the harness
    // gave vitest its own --root in every case and found no test file.
    const root = fixtures.root('config-root');
    const inProject = await runFixture(root, { cwd: root });
    // Negative control: from another folder --root replaces the config's root, as `vitest run
    // --root` does, and the message says so.
    const elsewhere = await runFixture(root);
    expect(inProject.result.exitCode).toBe(0);
    expect(inProject.mutants.map((mutant) => mutant.status).sort()).toEqual([
      'Killed',
      'Killed',
      'Killed',
      'Killed',
      'Killed',
    ]);
    expect(elsewhere.result.exitCode).toBe(2);
    expect(elsewhere.result.stderr).toMatch(
      /no test files found under .*config-root\. .*A "root" in the vitest config counts where envelope-mutants runs in the project's folder/,
    );
  });

  test('should run no copies of a file side by side where its tests write in the project', async () => {
    // Its tests save an answer to state.json and read it back: a copy beside another would read
    // the other's. Without the check of what the discovery run wrote, `--pool project` ran two
    // copies side by side, and called a survivor killed.
    const root = fixtures.root('writes-state');
    const batched = await runFixture(root);
    expect(batched.result.stderr).toMatch(
      /^pool: rounds run in the project's own pool \(its tests write in the project \(state\.json\), which copies of a file side by side would share: each file runs alone in a round\)$/m,
    );
    const own = await runFixture(root, '--pool', 'project');
    const isolated = await runFixture(root, '--isolate');
    const statuses = isolated.mutants.map((m) => m.status).sort();
    expect(statuses.join(' ')).toBe('Killed Killed Killed Survived Survived');
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
    expect(verdicts(own.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should judge the sites only a failed attempt of a retried test reached', async () => {
    const { mutants } = await runFixture(fixtures.root('retried'));

    // The retry passes whatever the first attempt saw at its second tap: survivors.
    const hidden = mutants.filter((m) => m.siteKey.endsWith('#1'));
    expect(hidden).toHaveLength(5);
    for (const mutant of hidden) expect(mutant.status, mutant.id).toBe('Survived');
    // The tap both attempts reach kills its changed ids on the retry too.
    const both = mutants.filter((m) => m.siteKey.endsWith('#0') && m.mutatorName === 'change-id');
    for (const mutant of both) expect(mutant.status, mutant.id).toBe('Killed');
    // A retried test is red for its last attempt alone: the first attempt of last-attempt.spec.ts
    // fails at a named assertion in every run, and takes no kill.
    const retriedSpec = `${hidden[0]?.siteKey.split('#')[0]}#`;
    const retried = mutants.filter((m) => !m.siteKey.startsWith(retriedSpec));
    expect(retried.length).toBeGreaterThan(3);
    for (const mutant of retried) {
      expect(mutant.status, mutant.id).toBe('Killed');
      expect(mutant.killedAt?.rule, mutant.id).toBeNull();
    }
    const isolated = await runFixture(fixtures.root('retried'), '--isolate');
    expect(verdicts(mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should stop a test that spins forever under a mutant with the round watchdog', async () => {
    const batched = await runFixture(fixtures.root('spin'));
    expect(batched.mutants.length).toBeGreaterThan(0);
    for (const mutant of batched.mutants) expect(mutant.status, mutant.id).toBe('Timeout');
    // Their one round in vmForks hung: each ran alone in the project's pool, its reference run.
    const count = batched.mutants.length;
    expect(batched.result.stderr).toContain(
      `pool: running alone in the project's own pool ${count} mutants whose copies in vmForks did not finish, started in a process an earlier copy had changed, or timed out where the load may have slowed them`,
    );
    for (const mutant of batched.mutants)
      expect(mutant.envelopeMutants?.verdictSource, mutant.id).toBe('confirmed');
  });
});

describe('envelope-mutants run exit codes', () => {
  test('should exit 2 naming the failing test when the suite fails without mutants', async () => {
    const { exitCode, stderr } = await runCli([
      'run',
      '--root',
      fixtures.root('red'),
      '--reporters',
      'json',
    ]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain('should be green but is not');
  });

  test('should exit 1 when the score is below thresholds.break, and say so without the console reporter', async () => {
    const { result } = await gatedRun();
    expect(result.exitCode).toBe(1);
    // Only the JSON reporter ran (as in CI's shard command): the gate's line still tells why.
    expect(result.stderr).toMatch(
      /^envelope-mutants: gate: mutation score \d+\.\d+% is below break 90: gate failed$/m,
    );
  });

  test('should exit 1 saying nothing was tested when a break threshold meets no valid mutant', async () => {
    // flip-retryability applies to client decisions only: this suite taps none.
    const { result, mutants } = await runFixture(
      fixtures.root('never-checks-ids'),
      '--config',
      'empty-gate.config.json',
      {
        reportDir: 'reports/empty-gate',
      },
    );
    expect(mutants).toEqual([]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr + result.stdout).toContain('nothing was tested');
  });

  test('should warn when no test observed an envelope, naming where taps are not seen', async () => {
    const copy = fixtureCopy('skips-itself');
    try {
      writeFileSync(
        join(copy.root, 'refusal.spec.ts'),
        "import { expect, test } from 'vitest';\n\ntest('should add', () => expect(1 + 1).toBe(2));\n",
      );
      const { result, mutants } = await runFixture(copy.root);
      expect(mutants).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(
        "no test observed an envelope or a decision: wrap them in tapMessage, tapDecision, mutatingTransport or connectRaw, in the test's own code (a tap in a worker thread or a child process that a test starts is not seen), in a test file vitest runs (`npx vitest list --filesOnly` names them: a file the config's `include` leaves out runs nowhere).",
      );
    } finally {
      copy.remove();
    }
  });

  test('should refuse, with exit 2 and a message, a test file that two vitest projects run', async () => {
    const { exitCode, stderr } = await runCli([
      'run',
      '--root',
      fixtures.root('projects'),
      '--reporters',
      'json',
    ]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain(
      'the test file answers.spec.ts is in the vitest projects "again" and "unit". envelope-mutants needs each test file in one project',
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  test('should exit 2 for a mutant id that does not exist', async () => {
    const { exitCode, stderr } = await runCli([
      'run',
      '--root',
      fixtures.root('unlabelled'),
      '--mutant',
      'nope',
    ]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain('--mutant');
  });

  test('should run only the mutant given by --mutant', async () => {
    const all = await unlabelledRun();
    const first = all.mutants[0];
    if (first === undefined) throw new Error('the fixture made no mutant');
    const one = await runFixture(fixtures.root('unlabelled'), '--mutant', first.id);
    expect(one.mutants.map((m) => m.id)).toEqual([first.id]);
    // Discovery, then its one round in the project's pool, its reference run: no check of
    // vmForks and no confirmation, which would have made it 4 runs.
    expect(one.vitestRuns).toBe(2);
    expect(poolOf('unlabelled')?.reason).toMatch(/^its mutants take one vitest run there/);
    expect(one.mutants[0]).toMatchObject({
      status: first.status,
      envelopeMutants: { verdictSource: 'isolated' },
    });
  });
});
