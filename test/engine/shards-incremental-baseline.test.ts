import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { isConfigError } from '../../src/errors.js';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { runOptionsOf } from '../../src/engine/run-options.js';
import { prepareShardsIncrementalBaseline } from '../../src/engine/shards-incremental-baseline.js';
import { mutantResult, runOf } from './mutant-result-fixture.js';
import { entry, NO_HELPERS, runOf as runOfEntries, TESTS } from './incremental-fixture.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'shards-incremental-baseline-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The config of a project without a config file, and the run's options from it. */
async function prepare(flags: Parameters<typeof prepareShardsIncrementalBaseline>[0]) {
  const config = await loadConfig({ cwd: root });
  const options = runOptionsOf(config, { isolate: false, only: [] });
  return { config, prepared: await prepareShardsIncrementalBaseline(flags, config, options) };
}

async function finish(
  prepared: Awaited<ReturnType<typeof prepareShardsIncrementalBaseline>>,
  run: MutationRun,
) {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const finished = await prepared.finish(run, stream);
  return { ...finished, printed: chunks.join('') };
}

/**
 * One incremental run of `entries`, every one Killed: `prepare`d with `flags`, asked what it
 * reuses, then finished. Gives back the ids it reused and what it printed.
 */
async function incrementalRun(
  flags: Parameters<typeof prepareShardsIncrementalBaseline>[0],
  entries: readonly RoundMutant[],
): Promise<{ reused: string[]; printed: string }> {
  const { prepared } = await prepare({ incremental: true, ...flags });
  const reused = await prepared.runOptions.reuse?.(entries, TESTS, NO_HELPERS);
  const { printed } = await finish(
    prepared,
    runOfEntries(entries, () => 'Killed'),
  );
  return { reused: [...(reused?.keys() ?? [])].sort(), printed };
}

// Ids whose values are even and odd: shards 1 and 2 of 2.
const IN_FIRST = '0000000000a0';
const IN_SECOND = '0000000000a1';

describe('prepareShardsIncrementalBaseline', () => {
  test.each([{}, { incremental: false, force: false }])(
    'should add nothing to a plain run (%j)',
    async (flags) => {
      // Arrange
      const { prepared } = await prepare(flags);
      const run = runOf([mutantResult(IN_FIRST, 'Survived')], root);
      // Act
      const finished = await finish(prepared, run);
      // Assert
      expect(prepared.shard).toBeUndefined();
      expect(prepared.runOptions).toStrictEqual({});
      expect(finished).toEqual({ run, exitCode: 0, printed: '' });
    },
  );

  test('should hand the shard to the run', async () => {
    // Act
    const { prepared } = await prepare({ shard: '2/3' });
    // Assert
    expect(prepared.shard).toEqual({ index: 2, count: 3 });
    expect(prepared.runOptions).toStrictEqual({ shard: { index: 2, count: 3 } });
  });

  test('should refuse a bad shard before the run starts', async () => {
    // Act
    const prepared = prepare({ shard: '4/3' });
    // Assert
    await expect(prepared).rejects.toSatisfy(isConfigError);
  });

  test('should refuse, before the run starts, a --mutant that the shard leaves out', async () => {
    // Arrange
    const config = await loadConfig({ cwd: root });
    const outside = runOptionsOf(config, { isolate: false, only: [IN_SECOND] });
    const inside = runOptionsOf(config, { isolate: false, only: [IN_FIRST] });
    // Act
    const refused = prepareShardsIncrementalBaseline({ shard: '1/2' }, config, outside);
    const accepted = await prepareShardsIncrementalBaseline({ shard: '1/2' }, config, inside);
    // Assert
    await expect(refused).rejects.toThrow(/^--mutant: 0000000000a1 \(shard 2\/2\) not in/);
    expect(accepted.shard).toEqual({ index: 1, count: 2 });
  });

  test('should mark accepted survivors Ignored and fail on a stale entry, in its shard only', async () => {
    // Arrange: the file is given relative to the project root.
    const accepted = [
      { id: IN_FIRST, reason: 'the SDK settles it' },
      { id: '0000000000a2', reason: 'killed since' },
      { id: IN_SECOND, reason: 'another shard' },
    ];
    await writeFile(path.join(root, 'accepted.json'), JSON.stringify({ accepted }));
    const { prepared } = await prepare({ shard: '1/2', baseline: 'accepted.json' });
    const run = runOf(
      [mutantResult(IN_FIRST, 'Survived'), mutantResult('0000000000a2', 'Killed')],
      root,
    );
    // Act
    const finished = await finish(prepared, run);
    // Assert
    expect(finished.exitCode).toBe(1);
    expect(finished.run.mutants.map((mutant) => mutant.status)).toEqual(['Ignored', 'Killed']);
    expect(finished.printed).toBe(
      'baseline: 1 accepted survivor(s) from accepted.json are Ignored (out of both scores)\n' +
        'baseline: stale entry 0000000000a2: now killed by t1. Remove it from accepted.json.\n',
    );
  });

  test('should pass a run whose baseline entries all still survive', async () => {
    // Arrange
    const accepted = [{ id: IN_FIRST, reason: 'the SDK settles it' }];
    await writeFile(path.join(root, 'accepted.json'), JSON.stringify(accepted));
    const { prepared } = await prepare({ baseline: 'accepted.json' });
    // Act
    const finished = await finish(prepared, runOf([mutantResult(IN_FIRST, 'NoCoverage')], root));
    // Assert
    expect(finished.exitCode).toBe(0);
    expect(finished.run.mutants[0]?.status).toBe('Ignored');
  });

  test('should refuse a missing baseline file before the run starts', async () => {
    // Act
    const prepared = prepare({ baseline: 'missing.json' });
    // Assert
    await expect(prepared).rejects.toSatisfy(isConfigError);
  });

  test('should save the verdicts of an incremental run and say how many it reused', async () => {
    // Arrange
    const { config, prepared } = await prepare({ incremental: true });
    const run = runOf(
      [
        mutantResult(IN_FIRST, 'Survived'),
        mutantResult(IN_SECOND, 'Killed'),
        mutantResult('0000000000a2', 'Killed'),
        mutantResult('000000000003aa', 'Pending'),
      ],
      root,
    );
    // Act
    const reused = await prepared.runOptions.reuse?.([], [], new Map());
    const finished = await finish(prepared, run);
    // Assert: nothing to reuse on a first run; the three judged mutants were tested.
    expect(reused?.size).toBe(0);
    expect(finished.exitCode).toBe(0);
    expect(finished.printed).toBe(
      'envelope-mutants: incremental: reused 0 of 0 verdicts (n/a), tested 3\n',
    );
    expect(existsSync(path.join(config.reportDir, 'incremental.json'))).toBe(true);
  });

  test('should reuse the verdicts of the last incremental run, and count only the rest as tested', async () => {
    // Arrange
    await writeFile(path.join(root, 'a.spec.ts'), 'test a');
    await incrementalRun({}, [entry('m1', 'a1')]);
    // Act: the next run has one mutant more.
    const next = await incrementalRun({}, [entry('m1', 'a1'), entry('m2', 'a1')]);
    // Assert
    expect(next.reused).toEqual(['m1']);
    expect(next.printed).toBe(
      'envelope-mutants: incremental: reused 1 of 2 verdicts (50.0%), tested 1\n',
    );
  });

  test('should say, on a line of its own, which saved verdicts were damaged', async () => {
    // Arrange: a hand, a disk or a merge damaged the saved status of m2.
    await writeFile(path.join(root, 'a.spec.ts'), 'test a');
    const entries = [entry('m1', 'a1'), entry('m2', 'a1')];
    await incrementalRun({}, entries);
    const stateFile = path.join((await loadConfig({ cwd: root })).reportDir, 'incremental.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as {
      verdicts: Record<string, { result: Record<string, unknown> }>;
    };
    const m2 = state.verdicts['m2'];
    if (m2 === undefined) throw new Error('m2 was not saved');
    m2.result['status'] = 'Bogus';
    await writeFile(stateFile, JSON.stringify(state));
    // Act
    const next = await incrementalRun({}, entries);
    const after = await incrementalRun({}, entries);
    // Assert: said once; the run after it, which finds m2 rewritten, reuses both and says nothing.
    expect(next.reused).toEqual(['m1']);
    expect(next.printed).toBe(
      'envelope-mutants: incremental: reused 1 of 2 verdicts (50.0%), tested 1\n' +
        'envelope-mutants: incremental: 1 saved verdict was damaged (m2: result.status "Bogus" is not one of Killed, Survived, Timeout, NoCoverage, RuntimeError, Ignored) and runs again\n',
    );
    expect(after.reused).toEqual(['m1', 'm2']);
    expect(after.printed).toBe(
      'envelope-mutants: incremental: reused 2 of 2 verdicts (100.0%), tested 0\n',
    );
  });

  test('should reuse nothing with --force', async () => {
    // Arrange
    await writeFile(path.join(root, 'a.spec.ts'), 'test a');
    await incrementalRun({}, [entry('m1', 'a1')]);
    // Act
    const forced = await incrementalRun({ force: true }, [entry('m1', 'a1')]);
    // Assert
    expect(forced.reused).toEqual([]);
  });

  test('should take the same labels in another order for the same config', async () => {
    // Arrange: the labels are part of what a saved verdict was judged under.
    const config = path.join(root, 'envelope-mutants.config.json');
    await writeFile(path.join(root, 'a.spec.ts'), 'test a');
    const labels = { 'id.kept': 'jsonrpc.id', 'layer.kept': 'mcp.layer' };
    await writeFile(config, JSON.stringify({ labels }));
    await incrementalRun({}, [entry('m1', 'a1')]);
    // Act
    await writeFile(
      config,
      JSON.stringify({ labels: { 'layer.kept': 'mcp.layer', 'id.kept': 'jsonrpc.id' } }),
    );
    const reordered = await incrementalRun({}, [entry('m1', 'a1')]);
    await writeFile(config, JSON.stringify({ labels: { 'id.kept': 'jsonrpc.id' } }));
    const changed = await incrementalRun({}, [entry('m1', 'a1')]);
    // Assert: the control, a label fewer, reuses nothing.
    expect(reordered.reused).toEqual(['m1']);
    expect(changed.reused).toEqual([]);
  });

  test('should reuse nothing once the watchdog’s limits change', async () => {
    // Arrange: a mutant that slows a test past timeoutMs is a Timeout under one limit, and may
    // pass under a larger one.
    const config = path.join(root, 'envelope-mutants.config.json');
    await writeFile(path.join(root, 'a.spec.ts'), 'test a');
    await writeFile(config, JSON.stringify({ timeoutMs: 1500 }));
    await incrementalRun({}, [entry('m1', 'a1')]);
    // Act
    const same = await incrementalRun({}, [entry('m1', 'a1')]);
    await writeFile(config, JSON.stringify({ timeoutMs: 8000 }));
    const longer = await incrementalRun({}, [entry('m1', 'a1')]);
    await writeFile(config, JSON.stringify({ timeoutMs: 8000, timeoutFactor: 3 }));
    const factor = await incrementalRun({}, [entry('m1', 'a1')]);
    // Assert: the control, the same limits, reuses the verdict.
    expect(same.reused).toEqual(['m1']);
    expect(longer.reused).toEqual([]);
    expect(factor.reused).toEqual([]);
  });
});
