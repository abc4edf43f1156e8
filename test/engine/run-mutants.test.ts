import { describe, expect, test } from 'vitest';
import type { MutantResult, MutationRun } from '../../src/mutant/mutation-run.js';
import type { Reporter } from '../../src/engine/reporter.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { runMutants } from '../../src/engine/run-mutants.js';
import type { RunMutationOptions } from '../../src/engine/run-mutation-options.js';
import { isInShard, shardedRunMark } from '../../src/engine/shard.js';
import {
  plantedVersion,
  simulatedProject,
  simulatedRunOptions,
  type Behave,
  type SimulatedProjectOptions,
} from './simulated-project.js';
import { FORKS } from './pool-fixtures.js';

// Two tests of one file, each tapping one response: corrupt-version makes 3 mutants of each.
// "1.0" and an absent version fail the test; the number 2 slips through (a survivor).
const SUITE = ['t1', 't2'];
const CHECKS_STRINGS: Behave = (mutation) => (plantedVersion(mutation) === 2 ? 'pass' : 'fail');

async function run(
  project: Partial<SimulatedProjectOptions> = {},
  overrides: Partial<RunMutationOptions> = {},
) {
  const simulated = simulatedProject({ tests: SUITE, behave: CHECKS_STRINGS, ...project });
  const events: string[] = [];
  // The phases before the rounds, apart: which runs of copies a mode adds.
  const phases: string[] = [];
  const reporter: Reporter = {
    onPhase: (phase) => phases.push(phase),
    onConcurrentTests: (count) => events.push(`concurrent ${count}`),
    onParallelHooks: () => events.push('parallel hooks'),
    onPool: (choice) => events.push(`pool ${choice.pool}`),
    onMutantTested: (result) => events.push(`tested ${result.status}`),
    onConfirmStart: (count, scope, alone) => events.push(`confirm ${scope} ${count} ${alone}`),
    onMutantConfirmed: (result) => events.push(`confirmed ${result.status}`),
    onAllMutantsTested: () => events.push('done'),
  };
  const reporters = [reporter, ...(overrides.reporters ?? [])];
  const result = await runMutants(simulatedRunOptions({ ...overrides, reporters }), simulated.open);
  return { ...simulated, result, events, phases };
}

/** Status by planted version, the source of each verdict, per test: what a report shows. */
function verdicts(result: MutationRun): string[] {
  return result.mutants.map((m) => `${m.siteKey} ${m.replacement}: ${statusOf(m)}`);
}

/** The mutants the `at`-th session opened ran alone: one mutant, no copies. */
function aloneIn(opened: readonly { plans: TapPlan[] }[], at: number): string[] {
  return (opened[at]?.plans ?? [])
    .filter((plan) => plan.mode === 'mutate' && plan.instances === undefined)
    .flatMap((plan) => Object.values(plan.mutations).map((m) => m.mutantId));
}

function statusOf(m: MutantResult): string {
  const at = m.killedAt === undefined ? '' : ` at ${m.killedAt.rule ?? 'an unnamed failure'}`;
  return `${m.status}${at} (${m.verdictSource ?? 'no source'})`;
}

describe('runMutants', () => {
  test('should say once, before the pool, how many tests run one at a time though concurrent', async () => {
    // Act
    const concurrent = await run({ tests: ['t1', 't2', 't3'], concurrent: ['t3'] });
    const none = await run({ tests: ['t1', 't2', 't3'] });
    // Assert
    expect(concurrent.events.filter((event) => event.startsWith('concurrent'))).toEqual([
      'concurrent 1',
    ]);
    expect(concurrent.events[0]).toBe('concurrent 1');
    expect(none.events.filter((event) => event.startsWith('concurrent'))).toEqual([]);
  });

  test("should say once, before the pool, that hooks of sequence.hooks 'parallel' run one at a time", async () => {
    // Act
    const parallel = await run({ pool: { ...FORKS, parallelHooks: true } });
    const none = await run();
    // Assert
    expect(parallel.events.filter((event) => event === 'parallel hooks')).toHaveLength(1);
    expect(parallel.events[0]).toBe('parallel hooks');
    expect(none.events).not.toContain('parallel hooks');
  });

  test('should run the rounds in vmForks and confirm every survivor in the project pool', async () => {
    // Act
    const { result, opened, events } = await run();
    // Assert: the reference discovery, then vmForks (pool check and rounds), then the project's
    // pool again with two workers for the confirmations; every session closed once.
    expect(opened.map((o) => [o.pool, o.maxWorkers])).toEqual([
      ['project', undefined],
      ['vmForks', undefined],
      ['project', 2],
    ]);
    expect(opened.map((o) => o.closed)).toEqual([1, 1, 1]);
    const confirmed = result.mutants.filter((m) => m.verdictSource === 'confirmed');
    expect(result.mutants.filter((m) => m.status === 'Survived')).toEqual(
      confirmed.filter((m) => m.status === 'Survived'),
    );
    expect(verdicts(result).filter((line) => line.includes('→ 2:'))).toEqual([
      't1#0 jsonrpc "2.0" → 2: Survived (confirmed)',
      't2#0 jsonrpc "2.0" → 2: Survived (confirmed)',
    ]);
    // One kill is sampled (one round of disjoint files: this project has one file).
    expect(confirmed.filter((m) => m.status === 'Killed')).toHaveLength(1);
    expect(result.mutants.filter((m) => m.verdictSource === 'batched')).toHaveLength(3);
    expect(result.pool).toEqual({
      pool: 'vmForks',
      reason:
        "every test and site was the same in two copies of each test file run side by side in vmForks; 3 verdicts re-run in the project's pool agreed",
    });
    expect(result.complete).toBe(true);
    expect(result.vitestRuns).toBe(opened.reduce((sum, o) => sum + o.plans.length, 0));
    // Each verdict reaches the reporter once from the rounds, the re-run ones once more.
    expect(events.map((e) => e.replace(/ (Killed|Survived)$/, ''))).toEqual([
      'pool vmForks',
      ...Array<string>(6).fill('tested'),
      'confirm sample 3 0',
      ...Array<string>(3).fill('confirmed'),
      'done',
    ]);
  });

  test('should run every mutant again in the project pool when a re-run disagrees', async () => {
    // Arrange: the number 2 slips through in vmForks only (a cross-realm check, say).
    const behave: Behave = (mutation, pool) =>
      plantedVersion(mutation) === 2 && pool === 'vmForks' ? 'pass' : 'fail';
    // Act
    const { result, opened, events } = await run({ behave });
    // Assert: the project's pool says what every verdict is, as the project runs it.
    expect(result.pool?.pool).toBe('project');
    expect(result.pool?.reason).toMatch(
      /^mutant [0-9a-f]+ was Survived in vmForks but Killed at jsonrpc\.version in the project's pool: every mutant ran again in the project's pool$/,
    );
    expect(result.mutants.every((m) => m.status === 'Killed')).toBe(true);
    expect(opened.map((o) => o.pool)).toEqual(['project', 'vmForks', 'project', 'project']);
    expect(opened.map((o) => o.closed)).toEqual([1, 1, 1, 1]);
    expect(events.filter((e) => e.startsWith('pool') || e.startsWith('confirm '))).toEqual([
      'pool vmForks',
      'confirm sample 3 0',
      'pool project',
      'confirm all 6 0',
    ]);
  });

  test('should hand a copy that hangs in vmForks to its reference run in the project pool', async () => {
    // Arrange: an absent version makes t2 wait forever, in any pool.
    const behave: Behave = (mutation, pool, siteKey) =>
      siteKey === 't2#0' && plantedVersion(mutation) === undefined
        ? 'hang'
        : CHECKS_STRINGS(mutation, pool, siteKey);
    // Act: the round of 6 copies hangs and is halved; the half of t2's 3 copies hangs again, and
    // a round of at most 4 that hangs is handed over whole.
    const { result, events } = await run({ behave });
    // Assert
    const t2 = result.mutants.filter((m) => m.siteKey === 't2#0');
    expect(t2.map(statusOf).sort()).toEqual([
      'Killed at jsonrpc.version (confirmed)',
      'Survived (confirmed)',
      'Timeout (confirmed)',
    ]);
    expect(result.pool?.reason).toMatch(
      /; 2 verdicts re-run in the project's pool agreed; 3 whose copies did not finish ran there alone$/,
    );
    // t1's survivor and one sampled kill, and the 3 handed over, which run alone.
    expect(events).toContain('confirm sample 5 3');
  });

  test('should keep the project pool throughout when the config asks for it', async () => {
    const oneAtATime = { ...FORKS, oneWorkerConfigured: true };
    const { result, opened, events, phases } = await run({ pool: oneAtATime }, { pool: 'project' });
    expect(opened.map((o) => o.pool)).toEqual(['project']);
    // No copies side by side, so no check to carry the screen: it runs on its own, a file at a time.
    expect(phases).toEqual(['discover', 'screen-reads']);
    expect(result.pool).toEqual({ pool: 'project', reason: 'the config asks for pool "project"' });
    // One mutant per file and run: the reference runs themselves.
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('isolated'));
    expect(result.mutants.filter((m) => m.status === 'Survived')).toHaveLength(2);
    expect(events.some((e) => e.startsWith('confirm'))).toBe(false);
  });

  test('should run a copy per mutant in the project pool once two copies side by side agree', async () => {
    const { result, opened, events, phases } = await run({}, { pool: 'project' });
    // The reference session, then one of two workers: the check, the tracked copies, the rounds.
    expect(opened.map((o) => [o.pool, o.maxWorkers, o.closed])).toEqual([
      ['project', undefined, 1],
      ['project', 2, 1],
    ]);
    expect(phases).toEqual(['discover', 'check-copies']);
    expect(result.pool?.reason).toContain('two copies of each test file side by side there said');
    const rounds = opened[1]?.plans.filter((plan) => plan.mode === 'mutate') ?? [];
    expect(rounds.map((plan) => Object.keys(plan.instances ?? {}).length)).toEqual([6]);
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('batched'));
    expect(result.mutants.filter((m) => m.status === 'Survived')).toHaveLength(2);
    expect(events.some((e) => e.startsWith('confirm'))).toBe(false);
  });

  test('should keep one mutant per file in each round where two copies side by side differ', async () => {
    const { result, opened, phases } = await run({ copiesCollide: true }, { pool: 'project' });
    expect(opened.map((o) => [o.pool, o.maxWorkers, o.closed])).toEqual([
      ['project', undefined, 1],
      ['project', 2, 1],
      ['project', undefined, 1],
    ]);
    // Tracked copies of one file would run side by side too: no screen, no proof.
    expect(phases).toEqual(['discover', 'check-copies']);
    expect(result.pool?.reason).toContain('one mutant per file in each round');
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('isolated'));
  });

  test('should run no copies side by side where the suite writes in the project', async () => {
    // Act: the discovery run wrote state.json, which a copy beside another would find.
    const { result, opened, phases } = await run({ writes: ['state.json'] }, { pool: 'project' });
    // Assert: no check of copies; whole files, one mutant each, as the project runs them.
    expect(phases).not.toContain('check-copies');
    expect(result.pool?.reason).toBe(
      'the config asks for pool "project"; its tests write in the project (state.json), which copies of a file side by side would share: each file runs alone in a round',
    );
    const rounds = opened.flatMap((o) => o.plans).filter((plan) => plan.mode === 'mutate');
    expect(rounds.filter((plan) => plan.instances !== undefined && !plan.tracked)).toEqual([]);
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('isolated'));
  });

  test('should run only the shard, reuse saved verdicts and run none of those', async () => {
    // Arrange: reuse says every mutant of t1 is still killed.
    const reuse: RunMutationOptions['reuse'] = (entries) =>
      Promise.resolve(
        new Map(
          entries
            .filter((e) => e.site.key === 't1#0')
            .map((e) => [
              e.mutant.id,
              {
                id: e.mutant.id,
                siteKey: e.site.key,
                mutatorName: e.mutant.mutatorName,
                replacement: e.mutant.replacement,
                path: e.mutant.path,
                status: 'Killed' as const,
                killedBy: ['t1'],
                coveredBy: ['t1'],
                killedAt: { test: 't1', rule: 'jsonrpc.version' as const, named: true },
              },
            ]),
        ),
      );
    const shard = { index: 1, count: 2 };
    // Act
    const { result, opened } = await run({}, { reuse, shard, pool: 'project' });
    // Assert
    expect(result.mutants.every((m) => isInShard(m.id, shard))).toBe(true);
    const reused = result.mutants.filter((m) => m.verdictSource === 'reused');
    expect(reused.map((m) => m.siteKey)).toEqual(
      result.mutants.filter((m) => m.siteKey === 't1#0').map((m) => m.siteKey),
    );
    const mutated = opened[0]?.plans.filter((p) => p.mode === 'mutate') ?? [];
    const ran = mutated.flatMap((p) => Object.values(p.mutations).map((m) => m.mutantId));
    expect(ran.some((id) => reused.some((m) => m.id === id))).toBe(false);
    expect(ran).toHaveLength(result.mutants.length - reused.length);
  });

  test('should mark every shard of a run alike, with every shard’s mutants', async () => {
    // Act: two shards of one run, the unsharded run, and a shard of a run of fewer timeouts.
    const one = await run({}, { shard: { index: 1, count: 2 }, pool: 'project' });
    const two = await run({}, { shard: { index: 2, count: 2 }, pool: 'project' });
    const whole = await run({}, { pool: 'project' });
    const other = await run({}, { shard: { index: 2, count: 2 }, pool: 'project', timeoutMs: 1 });
    // Assert: not vacuous, the shards hold other mutants; the mark is the whole run's.
    expect(one.result.mutants.length).toBeGreaterThan(0);
    expect(two.result.mutants.length).toBeGreaterThan(0);
    const options = simulatedRunOptions({ pool: 'project' });
    expect(one.result.shardedRun).toBe(
      shardedRunMark({ ...options, mutantIds: whole.result.mutants.map((m) => m.id) }),
    );
    expect(two.result.shardedRun).toBe(one.result.shardedRun);
    expect(whole.result.shardedRun).toBeUndefined();
    expect(other.result.shardedRun).not.toBe(one.result.shardedRun);
  });

  test('should run what only tests marked to fail reach: Killed when red, Ignored when green', async () => {
    const { result, opened } = await run({ knownFailing: ['t2'] }, { pool: 'project' });
    const t2 = result.mutants.filter((m) => m.siteKey === 't2#0');
    // "1.0" and an absent version turn the run red; 2 leaves it green.
    expect(t2.map((m) => `${m.replacement}: ${m.status}`)).toEqual([
      'jsonrpc "2.0" → "1.0": Killed',
      'jsonrpc "2.0" → 2: Ignored',
      'jsonrpc "2.0" → absent: Killed',
    ]);
    expect(t2[1]?.statusReason).toMatch(
      /^reached only by tests marked to fail \(it\.fails\), which document a known failure, and its run stayed green: should answer t2\./,
    );
    // The same mutant where a test that is not marked to fail reaches it: a survivor.
    expect(result.mutants.filter((m) => m.siteKey === 't1#0').map((m) => m.status)).toEqual([
      'Killed',
      'Survived',
      'Killed',
    ]);
    // Each got a run: its mutation is in a plan, alone or in a copy.
    const ran = opened
      .flatMap((o) => o.plans)
      .flatMap((plan) => [plan.mutations, ...Object.values(plan.instances ?? {})])
      .flatMap((mutations) => Object.values(mutations).map((m) => m.mutantId));
    expect(t2.filter((m) => !ran.includes(m.id))).toEqual([]);
  });

  test('should leave every mutant Pending and the run incomplete when aborted first', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, opened } = await run({}, { signal: controller.signal, pool: 'project' });
    expect(result.complete).toBe(false);
    expect(result.mutants.map((m) => m.status)).toEqual(Array(6).fill('Pending'));
    expect(result.mutants[0]?.statusReason).toBe('the run was interrupted first');
    expect(opened.map((o) => o.closed)).toEqual([1]);
  });

  test('should leave every verdict of vmForks Pending when aborted before the confirmations', async () => {
    // Arrange: Ctrl-C as the rounds' last verdict arrives, before the confirmations.
    const controller = new AbortController();
    let tested = 0;
    const reporter: Reporter = {
      onMutantTested: () => {
        tested += 1;
        if (tested === 6) controller.abort();
      },
    };
    // Act
    const { result, opened } = await run({}, { signal: controller.signal, reporters: [reporter] });
    // Assert: no verdict stands before the project's pool vouched for vmForks: a survivor waits
    // for its own re-run, a kill for the sample of kills (a complete run whose sample disagreed
    // runs every mutant again).
    expect(result.complete).toBe(false);
    expect(result.mutants.map((m) => m.status)).toEqual(Array(6).fill('Pending'));
    const reasons = result.mutants.map((m) => m.statusReason?.replace(/ in vmForks.*before/, ''));
    expect(reasons.sort()).toEqual([
      ...Array(4).fill(
        "not confirmed: Killed a sample of its kind was re-run in the project's pool",
      ),
      ...Array(2).fill("not confirmed: Survived its re-run in the project's pool"),
    ]);
    expect(opened.every((o) => o.closed === 1)).toBe(true);
  });

  test('should sample one kill per test file, in one round of the confirmation session', async () => {
    // Arrange: four tests in two files, six mutants a file (more rounds there than vmForks costs).
    const tests = ['t1', 't2', 't3', 't4'];
    const files = { t1: 'a.test.ts', t2: 'b.test.ts', t3: 'a.test.ts', t4: 'b.test.ts' };
    // Act
    const { result, opened } = await run({ tests, files });
    // Assert: the four survivors and a kill of each file, re-run together in one instanced run.
    const confirmed = result.mutants.filter((m) => m.verdictSource === 'confirmed');
    expect(confirmed.filter((m) => m.status === 'Survived').map((m) => m.siteKey)).toEqual([
      't1#0',
      't2#0',
      't3#0',
      't4#0',
    ]);
    const kills = confirmed.filter((m) => m.status === 'Killed');
    expect(
      kills.map((m) => files[m.siteKey.replace('#0', '') as keyof typeof files]).sort(),
    ).toEqual(['a.test.ts', 'b.test.ts']);
    const confirmations = opened[2]?.plans ?? [];
    expect(confirmations.map((plan) => Object.keys(plan.instances ?? {}).length)).toEqual([6]);
  });

  test('should count the rounds as the project pool runs them: mutants of other files share one', async () => {
    // Arrange: four tests, three mutants each. In four files they take three rounds in the
    // project's pool (a mutant of each file to a round); in one file, twelve.
    const tests = ['t1', 't2', 't3', 't4'];
    const apart = { t1: 'a.test.ts', t2: 'b.test.ts', t3: 'c.test.ts', t4: 'd.test.ts' };
    const events: string[] = [];
    const reporters: Reporter[] = [{ onPool: (choice) => events.push(choice.reason) }];
    // Act
    const inFour = await run({ tests, files: apart }, { reporters });
    const inOne = await run({ tests });
    // Assert
    expect(inFour.opened.map((o) => o.pool)).toEqual(['project']);
    expect(events).toEqual([expect.stringMatching(/^its mutants take 3 vitest runs there;/)]);
    // Negative control: the same twelve mutants in one file check vmForks.
    expect(inOne.opened.map((o) => o.pool)).toContain('vmForks');
  });

  test('should check vmForks for a vm pool, and confirm there one mutant to a run', async () => {
    // Arrange: the four files above, in a project whose own pool is vmForks. Its files share
    // their workers' processes, so there each of the twelve mutants takes a run of its own.
    const tests = ['t1', 't2', 't3', 't4'];
    const apart = { t1: 'a.test.ts', t2: 'b.test.ts', t3: 'c.test.ts', t4: 'd.test.ts' };
    const pool = { ...FORKS, pool: 'vmForks', isolate: false };
    // Act
    const { opened } = await run({ tests, files: apart, pool });
    // Assert: the rounds in vmForks; each verdict confirmed alone, with no copies side by side.
    expect(opened.map((o) => o.pool)).toEqual(['project', 'vmForks', 'project']);
    const confirmations = (opened[2]?.plans ?? []).filter((plan) => plan.mode === 'mutate');
    expect(confirmations.length).toBeGreaterThan(1);
    for (const plan of confirmations) {
      expect(plan.instances).toBeUndefined();
      expect(Object.keys(plan.mutations)).toHaveLength(1);
    }
  });

  test('should run one mutant in the project pool, its reference run, without vmForks', async () => {
    // Arrange: one mutant (`--mutant`), whose run hangs.
    const behave: Behave = () => 'hang';
    const simulated = simulatedProject({ tests: ['t1'], behave });
    const [first] = (await run({ tests: ['t1'], behave })).result.mutants;
    // Act
    const result = await runMutants(
      simulatedRunOptions({ only: [first?.id ?? ''] }),
      simulated.open,
    );
    // Assert: no check of vmForks, no confirmation: its one round was its run alone.
    expect(result.mutants.map(statusOf)).toEqual(['Timeout (isolated)']);
    expect(simulated.opened.map((o) => o.pool)).toEqual(['project']);
    expect(simulated.opened[0]?.plans.map((plan) => Object.keys(plan.mutations))).toEqual([
      [],
      ['t1#0'],
    ]);
  });

  test('should run each mutant handed over from vmForks alone, one to a vitest run', async () => {
    const behave: Behave = (mutation, pool, siteKey) =>
      siteKey === 't2#0' ? 'hang' : CHECKS_STRINGS(mutation, pool, siteKey);
    // Four tests in two files: six mutants a file, more rounds than vmForks costs.
    const tests = ['t1', 't2', 't3', 't4'];
    const files = { t1: 'a.test.ts', t2: 'b.test.ts', t3: 'a.test.ts', t4: 'b.test.ts' };
    const { opened } = await run({ behave, tests, files });
    const alone = (opened[2]?.plans ?? []).filter((plan) => plan.instances === undefined);
    expect(alone.map((plan) => Object.keys(plan.mutations))).toEqual([
      ['t2#0'],
      ['t2#0'],
      ['t2#0'],
    ]);
  });

  test('should confirm alone a kill by a test over its time limit, away from the load', async () => {
    // Arrange: t2's "1.0" mutant makes its test slow, past vitest's limit beside other copies
    // (its test took 2 ms without mutants: not a kill the load explains by that measure).
    const behave: Behave = (mutation, pool, key) =>
      key === 't2#0' && plantedVersion(mutation) === '1.0'
        ? 'slow'
        : CHECKS_STRINGS(mutation, pool, key);
    // Act
    const { result, opened } = await run({ behave });
    // Assert: sampled as the one kill of its kind, and re-run in a run of its own.
    const slow = result.mutants.find(
      (m) => m.siteKey === 't2#0' && m.replacement.endsWith('"1.0"'),
    );
    expect(slow).toMatchObject({ status: 'Killed', killedAt: { timedOut: true } });
    expect(opened.map((o) => o.pool)).toEqual(['project', 'vmForks', 'project']);
    expect(aloneIn(opened, 2)).toEqual([slow?.id]);
  });

  test('should confirm alone a Timeout that a round of one mutant found in vmForks', async () => {
    // Arrange: 43 tests, 129 mutants: rounds of 128 copies leave one mutant to a round of its own,
    // not instanced. That mutant's run hangs.
    const tests = Array.from({ length: 43 }, (_, n) => `t${n + 1}`);
    const [last] = aloneIn((await run({ tests })).opened, 1);
    const behave: Behave = (mutation, pool, key) =>
      mutation.mutantId === last ? 'hang' : CHECKS_STRINGS(mutation, pool, key);
    // Act
    const { result, opened } = await run({ tests, behave });
    // Assert: the other verdicts re-run as copies side by side, the Timeout in a run of its own
    // straight away (in the shared run it would stop the run, then run alone anyway).
    expect(aloneIn(opened, 1)).toEqual([last]);
    const confirmations = (opened[2]?.plans ?? []).map(
      (plan) => Object.keys(plan.instances ?? {}).length || Object.keys(plan.mutations).length,
    );
    expect(confirmations).toEqual([44, 1]);
    expect(result.mutants.find((m) => m.id === last)).toMatchObject({
      status: 'Timeout',
      verdictSource: 'confirmed',
    });
  });

  test('should confirm alone, one to a run, a Timeout that a round of one found and a copy that hung', async () => {
    // Arrange: 43 tests in two files, 129 mutants: rounds of 128 copies leave one mutant to a
    // round of its own, not instanced. Its run hangs, and so does a copy of the other file.
    const tests = Array.from({ length: 43 }, (_, n) => `t${n + 1}`);
    const files = Object.fromEntries(
      tests.map((t, n) => [t, n % 2 === 0 ? 'a.test.ts' : 'b.test.ts']),
    );
    const first = await run({ tests, files });
    const [last] = aloneIn(first.opened, 1);
    const fileOf = (id: string | undefined): string | undefined =>
      files[first.result.mutants.find((m) => m.id === id)?.siteKey.split('#')[0] ?? ''];
    const other = first.result.mutants.find((m) => fileOf(m.id) !== fileOf(last))?.id;
    const hangs = new Set([last, other]);
    const behave: Behave = (mutation, pool, key) =>
      hangs.has(mutation.mutantId) ? 'hang' : CHECKS_STRINGS(mutation, pool, key);
    // Act
    const { result, opened } = await run({ tests, files, behave });
    // Assert: the other verdicts re-run as copies side by side; the two, and the copies that
    // shared a small round with the hung one (handed over whole), each in a run of its own.
    expect(aloneIn(opened, 1)).toContain(last);
    expect(aloneIn(opened, 2)).toEqual(expect.arrayContaining([last, other]));
    const runsAlone = (opened[2]?.plans ?? []).filter((plan) => plan.instances === undefined);
    expect(runsAlone.map((plan) => Object.keys(plan.mutations).length)).toEqual(
      runsAlone.map(() => 1),
    );
    for (const id of hangs) {
      expect(result.mutants.find((m) => m.id === id)).toMatchObject({
        status: 'Timeout',
        verdictSource: 'confirmed',
      });
    }
  });

  test('should not start the confirmations when interrupted before them', async () => {
    const controller = new AbortController();
    const reporter: Reporter = {
      onMutantTested: (result) => {
        if (result.status === 'Survived') controller.abort();
      },
      onConfirmStart: () => {
        throw new Error('no confirmation may start after an interrupt');
      },
    };
    const { opened } = await run({}, { signal: controller.signal, reporters: [reporter] });
    // Discovery's session and the rounds' in vmForks; none opened for the confirmations (until
    // 2026-12-07 a third, the project's pool, opened and ran nothing).
    expect(opened).toHaveLength(2);
  });

  test('should drop what a round says once the run was interrupted during it', async () => {
    // Arrange: Ctrl-C reaches the workers while the round runs.
    const controller = new AbortController();
    const behave: Behave = (mutation, pool, siteKey) => {
      controller.abort();
      return CHECKS_STRINGS(mutation, pool, siteKey);
    };
    const tested: string[] = [];
    const reporters: Reporter[] = [{ onMutantTested: (r) => tested.push(r.id) }];
    // Act
    const { result } = await run(
      { behave },
      { signal: controller.signal, pool: 'project', reporters },
    );
    // Assert
    expect(tested).toEqual([]);
    expect(result.mutants.map((m) => m.status)).toEqual(Array(6).fill('Pending'));
  });

  test('should run each file that hosts a site alone, unmutated, before the rounds, where files share, as copies in vmForks', async () => {
    // Arrange: two files in one worker's module graph (`isolate: false`).
    const tests = ['t1', 't2'];
    const files = { t1: 'a.test.ts', t2: 'b.test.ts' };
    const shared = { ...FORKS, isolate: false };
    // After discovery: the runs of files alone record what their taps see, unmutated.
    const unmutated = (plans: readonly TapPlan[]) =>
      plans
        .slice(1)
        .filter(
          (plan) =>
            plan.mode === 'record' &&
            Object.keys(plan.mutations).length === 0 &&
            plan.instances === undefined &&
            plan.tracked === undefined,
        );
    // Act
    const own = await run({ tests, files, pool: shared }, { pool: 'project' });
    // vmForks reads the project's own pool first (`opened[0]`); its sites are of one file each.
    const vm = await run({ tests, files, pool: shared }, { pool: 'vmForks' });
    const vmGlobalSetup = await run(
      { tests, files, pool: { ...shared, globalSetup: true } },
      { pool: 'vmForks' },
    );
    const isolated = await run({ tests, files }, { pool: 'project' });
    // Assert: right after discovery, a run of each file; none where every file has a module
    // graph of its own.
    expect(own.opened[0]?.plans.slice(0, 4).map((plan) => plan.mode)).toEqual([
      'record',
      'record',
      'record',
      'mutate',
    ]);
    expect(unmutated(own.opened[0]?.plans ?? [])).toHaveLength(2);
    expect(own.phases.slice(0, 2)).toEqual(['discover', 'files-alone']);
    // With `--pool vmForks`, copies side by side, as its rounds run them.
    const unmutatedCopies = (plans: readonly TapPlan[]) =>
      plans.filter(
        (plan) =>
          plan.instances !== undefined &&
          plan.tracked === undefined &&
          Object.values(plan.instances).every((mutations) => Object.keys(mutations).length === 0),
      );
    expect(vm.phases.slice(0, 2)).toEqual(['discover', 'files-alone']);
    expect(unmutated(vm.opened[1]?.plans ?? [])).toEqual([]);
    expect(unmutatedCopies(vm.opened[1]?.plans ?? [])).toHaveLength(1);
    expect(vmGlobalSetup.phases).toContain('files-alone');
    expect(isolated.phases).not.toContain('files-alone');
  });

  test("should run every shard's host files alone in each shard, so that every shard refuses alike", async () => {
    // Arrange: two files in one worker's module graph; 6 shards of 6 mutants, some of one file.
    const tests = ['t1', 't2'];
    const files = { t1: 'a.test.ts', t2: 'b.test.ts' };
    const pool = { ...FORKS, isolate: false };
    const unmutated = (plans: readonly TapPlan[]) =>
      plans
        .slice(1)
        .filter((plan) => plan.mode === 'record' && Object.keys(plan.mutations).length === 0);
    // Act
    const shards = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((index) =>
        run({ tests, files, pool }, { pool: 'project', shard: { index, count: 6 } }),
      ),
    );
    // Assert: not vacuous, a shard holds mutants of one file only; each ran both files alone.
    // A site's test is one of one file here.
    const filesOf = (result: MutationRun) =>
      new Set(result.mutants.map((m) => m.siteKey.split('#')[0]));
    const ran = shards.filter((shard) => shard.result.mutants.length > 0);
    expect(ran.some((shard) => filesOf(shard.result).size === 1)).toBe(true);
    for (const shard of ran) expect(unmutated(shard.opened[0]?.plans ?? [])).toHaveLength(2);
  });

  test('should confirm nothing when the config forces vmForks', async () => {
    const { result, opened, events } = await run({}, { pool: 'vmForks' });
    // The project's own pool is read first, in a session that runs nothing.
    expect(opened.map((o) => [o.pool, o.plans.length])).toEqual([
      ['project', 0],
      ['vmForks', expect.any(Number)],
    ]);
    expect(result.pool).toEqual({ pool: 'vmForks', reason: 'the config asks for pool "vmForks"' });
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('batched'));
    expect(events.some((e) => e.startsWith('confirm'))).toBe(false);
  });

  test('should prove the mutants of a test that reads nothing, and report each mutant once', async () => {
    // Arrange: t1 reads nothing of its envelope, so no mutant of it can fail it.
    const behave: Behave = (mutation, _pool, key) =>
      key === 't1#0' ? 'pass' : CHECKS_STRINGS(mutation, 'vmForks', key);
    // Act: in vmForks, the sample of proven survivors runs in the rounds, unreported.
    const { result, events } = await run({ readNothing: ['t1'], behave }, { pool: 'vmForks' });
    // Assert: one of t1's mutants, the sample that checks the proof, ran in the rounds.
    const t1 = result.mutants.filter((m) => m.siteKey === 't1#0');
    expect(t1.map((m) => m.status)).toEqual(Array(3).fill('Survived'));
    expect(t1.filter((m) => m.verdictSource === 'unobserved')).toHaveLength(2);
    const t2 = result.mutants.filter((m) => m.siteKey === 't2#0');
    expect(t2.filter((m) => m.verdictSource === 'unobserved')).toEqual([]);
    expect(events.filter((e) => e.startsWith('tested'))).toHaveLength(6);
    expect(events.filter((e) => e.startsWith('pool'))).toEqual(['pool vmForks']);
  });

  test('should run every proven mutant and say so when the sample of them is killed', async () => {
    // Arrange: the proof's premise fails; t1 reads nothing the taps see, yet fails every mutant.
    const behave: Behave = (mutation, _pool, key) =>
      key === 't1#0' ? 'fail' : CHECKS_STRINGS(mutation, 'vmForks', key);
    // Act
    const { result, events } = await run({ readNothing: ['t1'], behave }, { pool: 'vmForks' });
    // Assert: the verdicts of a run without the proof, and a second word on the pool.
    const { result: unproven } = await run({ behave }, { pool: 'vmForks' });
    expect(result.mutants.map((m) => m.status)).toEqual(unproven.mutants.map((m) => m.status));
    expect(result.mutants.filter((m) => m.verdictSource === 'unobserved')).toEqual([]);
    expect(result.pool?.reason).toMatch(/^the config asks for pool "vmForks"; .+/);
    expect(events.filter((e) => e.startsWith('pool'))).toEqual(['pool vmForks', 'pool vmForks']);
  });

  test('should prove unobserved the mutants of a test marked to fail, and report them Ignored', async () => {
    // Arrange: two more tests, whose six mutants pay for a screen of the reads; t1 reads nothing
    // of its envelope, so no mutant of it changes its run.
    const behave: Behave = (mutation, pool, key) =>
      key.startsWith('t1#') ? 'pass' : CHECKS_STRINGS(mutation, pool, key);
    const project = { tests: ['t1', 't2', 't3'], readNothing: ['t1'], knownFailing: ['t1'] };
    const unobserved: number[] = [];
    const told: string[] = [];
    const reporters = [
      {
        onUnobserved: (count: number) => unobserved.push(count),
        onMutantTested: (m: MutantResult) => told.push(`${m.siteKey} ${m.status}`),
      },
    ];
    // Act
    const { result, phases, events } = await run(
      { ...project, behave },
      { pool: 'vmForks', reporters },
    );
    // Assert: proven, and the sample of the proof (one of them, run in the rounds) agreed.
    const t1 = result.mutants.filter((m) => m.siteKey === 't1#0');
    expect(t1.map((m) => m.status)).toEqual(['Ignored', 'Ignored', 'Ignored']);
    expect(t1.map((m) => m.verdictSource)).toEqual(['unobserved', 'batched', 'unobserved']);
    expect(phases).toContain('screen-reads');
    // The progress line counts none of them a survivor, as the report does not.
    expect(unobserved).toEqual([0]);
    expect(told.filter((line) => line.startsWith('t1#0 '))).toEqual([
      't1#0 Ignored',
      't1#0 Ignored',
      't1#0 Ignored',
    ]);
    expect(events.filter((e) => e.startsWith('pool'))).toEqual(['pool vmForks']);
  });

  test('should screen the reads in a run of its own where no pool check carries the screen', async () => {
    // Arrange: the plans of copies whose every envelope site hands out views.
    const screens = (opened: { plans: { tracked?: Record<string, string | null> }[] }[]) =>
      opened.flatMap((o) => o.plans).filter((plan) => plan.tracked !== undefined);
    // Act
    const forced = await run({}, { pool: 'vmForks' });
    const own = await run({}, { pool: 'project' });
    const isolated = await run({}, { pool: 'vmForks', isolate: true });
    const isolatedOwn = await run({}, { pool: 'project', isolate: true });
    const shared = await run({ pool: { ...FORKS, isolate: false } }, { pool: 'project' });
    const ids = forced.result.mutants.map((m) => m.id);
    const few = await run({}, { pool: 'vmForks', only: ids.slice(0, 4) });
    const five = await run({}, { pool: 'vmForks', only: ids.slice(0, 5) });
    const twoFiles = await run(
      { files: { t1: 'a.test.ts', t2: 'b.test.ts' } },
      { pool: 'vmForks' },
    );
    const auto = await run({});
    // Assert: one copy of the suite's one file, all its sites tracked, only where it may prove:
    // not in the reference, nor where the project's files share a worker's modules.
    expect(screens(forced.opened).map((plan) => plan.tracked)).toEqual([{ s0: null }]);
    expect(screens(own.opened).map((plan) => plan.tracked)).toEqual([{ s0: null }]);
    expect(forced.phases).toContain('screen-reads');
    expect(screens(isolated.opened)).toEqual([]);
    expect(screens(isolatedOwn.opened)).toEqual([]);
    expect(screens(shared.opened)).toEqual([]);
    // The screen costs a copy of each file: 4 mutants of one file cannot repay it, 5 may, and
    // 6 in two files cannot.
    expect(forced.result.mutants).toHaveLength(6);
    expect(screens(few.opened)).toEqual([]);
    expect(screens(five.opened)).toHaveLength(1);
    expect(screens(twoFiles.opened)).toEqual([]);
    // In `auto` the pool check carries the screen: no run of its own.
    expect(auto.result.pool?.pool).toBe('vmForks');
    expect(auto.phases).toContain('check-pool');
    expect(auto.phases).not.toContain('screen-reads');
    expect(screens(auto.opened)).toHaveLength(1);
  });

  test('should say how long the run took', async () => {
    const before = Date.now();
    const { result } = await run({}, { pool: 'project' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThanOrEqual(Date.now() - before);
  });

  test('should run --isolate in the project pool alone, the reference, with no confirmation', async () => {
    const { result, opened, events } = await run({}, { isolate: true });
    expect(opened.map((o) => o.pool)).toEqual(['project']);
    expect(result.pool).toEqual({
      pool: 'project',
      reason: "--isolate runs every mutant alone in the project's own pool: its reference run",
    });
    const mutated = opened[0]?.plans.filter((plan) => plan.mode === 'mutate') ?? [];
    expect(mutated.map((plan) => Object.keys(plan.mutations).length)).toEqual(Array(6).fill(1));
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('isolated'));
    expect(events.some((e) => e.startsWith('confirm'))).toBe(false);
  });

  test("should run --isolate in the project's pool when the config asks for vmForks", async () => {
    const { opened, result } = await run({}, { isolate: true, pool: 'vmForks' });
    expect(opened.map((o) => o.pool)).toEqual(['project']);
    expect(result.pool?.reason).toBe(
      "--isolate runs every mutant alone in the project's own pool: its reference run",
    );
    expect(result.mutants.map((m) => m.verdictSource)).toEqual(Array(6).fill('isolated'));
  });
});
