import { describe, expect, test } from 'vitest';
import { discover } from '../../src/engine/discover.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { roundMutants } from '../../src/engine/round-mutants.js';
import { testMutants } from '../../src/engine/test-mutants.js';
import type { ProjectPool } from '../../src/engine/test-session.js';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import { FORKS } from './pool-fixtures.js';
import { plantedVersion, simulatedProject, simulatedRunOptions } from './simulated-project.js';

const FILES = { t1: 'a.test.ts', t2: 'b.test.ts' };

/** The mutants of a two-file project whose own pool is `pool`, and a session on that pool. */
async function prepare(pool: ProjectPool = FORKS) {
  const project = simulatedProject({
    tests: ['t1', 't2'],
    files: FILES,
    pool,
    behave: (mutation) => (plantedVersion(mutation) === 2 ? 'pass' : 'fail'),
  });
  const session = await project.open(null);
  const discovery = await discover(session, '/p');
  const entries = roundMutants(discovery.sites, simulatedRunOptions(), []);
  return { project, session, discovery, entries };
}

async function tested(
  prepared: Awaited<ReturnType<typeof prepare>>,
  entries: readonly RoundMutant[] = prepared.entries,
  extra: { instanced?: boolean; isolate?: boolean; signal?: AbortSignal } = {},
  onResult: (result: MutantResult) => void = () => undefined,
) {
  const seen: MutantResult[] = [];
  const results = await testMutants(entries, prepared.session, prepared.discovery.outcome, {
    ...simulatedRunOptions(),
    ...extra,
    onResult: (result) => {
      seen.push(result);
      onResult(result);
    },
  });
  const plans = prepared.project.opened[0]?.plans.filter((plan) => plan.mode === 'mutate') ?? [];
  return { results, seen, plans };
}

describe('testMutants', () => {
  test('should put one mutant of each file in a round of the project pool', async () => {
    const { results, seen, plans } = await tested(await prepare());
    // 3 mutants in each of 2 files: 3 rounds, each with a mutant of a.test.ts and one of b.test.ts.
    expect(plans.map((plan) => Object.keys(plan.mutations).sort())).toEqual(
      Array(3).fill(['t1#0', 't2#0']),
    );
    expect([...results.values()].map((r) => r.status).sort()).toEqual([
      'Killed',
      'Killed',
      'Killed',
      'Killed',
      'Survived',
      'Survived',
    ]);
    expect(seen).toEqual([...results.values()]);
  });

  test.each([
    ['isolate: false', { ...FORKS, isolate: false }],
    ['a vm pool on one worker', { ...FORKS, pool: 'vmThreads', isolate: false, oneWorker: true }],
    // Each file a VM context of its own, but a worker runs file after file in one process.
    ['a vm pool on several workers', { ...FORKS, pool: 'vmForks', isolate: false }],
  ])('should run every mutant alone where files share a worker (%s)', async (_, pool) => {
    const { plans } = await tested(await prepare(pool));
    expect(plans.map((plan) => Object.keys(plan.mutations).length)).toEqual(Array(6).fill(1));
  });

  test('should share an instanced round in a vm pool with several workers', async () => {
    // A copy reads and gives back what its worker's process shares; whole files do not.
    const vm = { ...FORKS, pool: 'vmForks', isolate: false, oneWorker: false };
    const { plans } = await tested(await prepare(vm), undefined, { instanced: true });
    expect(plans.map((plan) => Object.keys(plan.instances ?? {}).length)).toEqual([6]);
    // Negative control: on one worker vitest runs every file of the run in one VM context.
    const one = await tested(await prepare({ ...vm, oneWorker: true }), undefined, {
      instanced: true,
    });
    expect(one.plans).toHaveLength(6);
  });

  test('should run every mutant alone when asked to (--isolate)', async () => {
    const { plans } = await tested(await prepare(), undefined, { isolate: true });
    expect(plans).toHaveLength(6);
  });

  test('should start no round once the run is interrupted', async () => {
    // Arrange: the first verdict interrupts the run (Ctrl-C, say).
    const controller = new AbortController();
    const prepared = await prepare();
    // Act
    const { plans } = await tested(prepared, undefined, { signal: controller.signal }, () =>
      controller.abort(),
    );
    // Assert: the round that was running ends; none of the other two starts.
    expect(plans).toHaveLength(1);
  });

  test('should run all mutants in one instanced round, a copy each', async () => {
    const { plans } = await tested(await prepare(), undefined, { instanced: true });
    expect(plans.map((plan) => Object.keys(plan.instances ?? {}).length)).toEqual([6]);
  });

  test('should call a site no passing test reached NoCoverage, and give it no round', async () => {
    const prepared = await prepare();
    const [first, ...rest] = prepared.entries;
    if (first === undefined) throw new Error('the project has mutants');
    const uncovered = { ...first, site: { ...first.site, testIds: [] } };
    const { results, plans } = await tested(prepared, [uncovered, ...rest]);
    expect(results.get(first.mutant.id)).toMatchObject({
      status: 'NoCoverage',
      statusReason: 'no passing test observed this site',
      coveredBy: [],
    });
    expect(
      plans.flatMap((plan) => Object.values(plan.mutations).map((m) => m.mutantId)),
    ).not.toContain(first.mutant.id);
  });
});
