import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { isConfigError } from '../../src/errors.js';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import { runOptionsOf } from '../../src/engine/run-options.js';
import { prepareShardsIncrementalBaseline } from '../../src/engine/shards-incremental-baseline.js';
import { mutantResult, runOf } from './mutant-result-fixture.js';

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

// Ids whose first 12 hex digits are 0 and 1: shards 1 and 2 of 2.
const IN_FIRST = '000000000000aa';
const IN_SECOND = '000000000001aa';

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
      expect(prepared.runOptions).toEqual({});
      expect(finished).toEqual({ run, exitCode: 0, printed: '' });
    },
  );

  test('should hand the shard to the run', async () => {
    // Act
    const { prepared } = await prepare({ shard: '2/3' });
    // Assert
    expect(prepared.shard).toEqual({ index: 2, count: 3 });
    expect(prepared.runOptions).toEqual({ shard: { index: 2, count: 3 } });
  });

  test('should refuse a bad shard before the run starts', async () => {
    // Act
    const prepared = prepare({ shard: '4/3' });
    // Assert
    await expect(prepared).rejects.toSatisfy(isConfigError);
  });

  test('should mark accepted survivors Ignored and fail on a stale entry, in its shard only', async () => {
    // Arrange: the file is given relative to the project root.
    const accepted = [
      { id: IN_FIRST, reason: 'the SDK settles it' },
      { id: '000000000002aa', reason: 'killed since' },
      { id: IN_SECOND, reason: 'another shard' },
    ];
    await writeFile(path.join(root, 'accepted.json'), JSON.stringify({ accepted }));
    const { prepared } = await prepare({ shard: '1/2', baseline: 'accepted.json' });
    const run = runOf(
      [mutantResult(IN_FIRST, 'Survived'), mutantResult('000000000002aa', 'Killed')],
      root,
    );
    // Act
    const finished = await finish(prepared, run);
    // Assert
    expect(finished.exitCode).toBe(1);
    expect(finished.run.mutants.map((mutant) => mutant.status)).toEqual(['Ignored', 'Killed']);
    expect(finished.printed).toBe(
      'baseline: 1 accepted survivor(s) from accepted.json are Ignored (out of both scores)\n' +
        'baseline: stale entry 000000000002aa: now killed by t1. Remove it from accepted.json.\n',
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
        mutantResult('000000000002aa', 'Killed'),
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
});
