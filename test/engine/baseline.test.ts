import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MutantResult, MutantStatus } from '../../src/mutant/mutation-run.js';
import { scoresOf } from '../../src/report/scores.js';
import { applyBaseline, parseBaseline, readBaseline } from '../../src/engine/baseline.js';
import { isInShard } from '../../src/engine/shard.js';
import { mutantResult, runOf } from './mutant-result-fixture.js';

const mutant = (id: string, status: MutantStatus): MutantResult => mutantResult(id, status);

const run = runOf([
  mutant('aaaaaaaaaaa0', 'Survived'),
  mutant('aaaaaaaaaaa1', 'Killed'),
  mutant('aaaaaaaaaaa2', 'Pending'),
]);

describe('parseBaseline', () => {
  test('should read { accepted: [...] } and a bare array alike', () => {
    // Arrange
    const entries = [{ id: 'a', reason: 'r' }];
    // Act / Assert
    expect(parseBaseline({ accepted: entries }, 'f')).toEqual(entries);
    expect(parseBaseline(entries, 'f')).toEqual(entries);
  });

  test.each([
    [{ accepted: [{ id: 'a' }] }, 'has no "reason"'],
    [{ accepted: [{ id: 'a', reason: '  ' }] }, 'has no "reason"'],
    [{ accepted: [{ reason: 'r' }] }, 'has no "id"'],
    [{ accepted: [{ id: '', reason: 'r' }] }, 'has no "id"'],
    [{ accepted: [null] }, 'has no "id"'],
    [{ accepted: [{ id: 5, reason: 'r' }] }, 'accepted[0] has the id 5, not a string.'],
    [{ accepted: [{ id: null, reason: 'r' }] }, 'has the id null, not a string'],
    [{ accepted: [Object.assign(['r'], { id: 'a', reason: 'r' })] }, 'has no "id"'],
    [null, 'no "accepted" array'],
    [{ accepted: 'a' }, 'no "accepted" array'],
    [
      {
        accepted: [
          { id: 'a', reason: 'r' },
          { id: 'a', reason: 'r' },
        ],
      },
      'lists a twice',
    ],
  ])('should refuse %j', (value, message) => {
    // Act / Assert
    expect(() => parseBaseline(value, 'accepted.json')).toThrow(message);
  });

  test('should refuse a file that is not JSON with a ConfigError', async () => {
    // Arrange
    const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
    const file = join(dir, 'accepted.json');
    writeFileSync(file, '{ accepted: ');
    try {
      // Act / Assert
      await expect(readBaseline(file)).rejects.toThrow(
        /^baseline: .* is not JSON \(line 1, column 3\)\. Fix the file\.$/,
      );
      await expect(readBaseline(`${file}.missing`)).rejects.toThrow(
        /^baseline: .*accepted\.json\.missing does not exist\. Pass the accepted-survivors JSON file/,
      );
      await expect(readBaseline(dir)).rejects.toThrow(
        /^baseline: .* is a folder, not a file\. Pass /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('applyBaseline', () => {
  test('should make an accepted survivor Ignored, out of both scores', () => {
    // Act
    const applied = applyBaseline(run, [{ id: 'aaaaaaaaaaa0', reason: 'checked upstream' }]);
    // Assert
    expect(applied.stale).toEqual([]);
    expect(applied.accepted).toEqual(['aaaaaaaaaaa0']);
    expect(applied.run.mutants[0]).toMatchObject({
      status: 'Ignored',
      statusReason: 'accepted survivor: checked upstream',
    });
    expect(scoresOf(runOf(applied.run.mutants.slice(0, 2))).mutationScore).toBe(100);
    expect(scoresOf(runOf(run.mutants.slice(0, 2))).mutationScore).toBe(50);
  });

  test('should report as stale an entry now killed and one that no longer exists', () => {
    // Act
    const applied = applyBaseline(run, [
      { id: 'aaaaaaaaaaa1', reason: 'r' },
      { id: 'bbbbbbbbbbbb', reason: 'r' },
    ]);
    // Assert
    expect(applied.stale).toEqual([
      { id: 'aaaaaaaaaaa1', why: 'now killed by t1' },
      { id: 'bbbbbbbbbbbb', why: 'no such mutant any more (site, mutator or seed changed)' },
    ]);
    expect(applied.run.mutants.map((m) => m.status)).toEqual(['Survived', 'Killed', 'Pending']);
  });

  test('should report as stale an entry that now times out', () => {
    // Arrange: a Timeout is detected, as a kill is; it has no test to name.
    const timedOut = runOf([mutantResult('aaaaaaaaaaa0', 'Timeout')]);
    // Act
    const applied = applyBaseline(timedOut, [{ id: 'aaaaaaaaaaa0', reason: 'r' }]);
    // Assert
    expect(applied.stale).toEqual([{ id: 'aaaaaaaaaaa0', why: 'now timed out' }]);
    expect(applied.run.mutants.map((m) => m.status)).toEqual(['Timeout']);
  });

  test('should leave a Pending mutant alone: an interrupted run proves nothing about it', () => {
    // Act
    const applied = applyBaseline(run, [{ id: 'aaaaaaaaaaa2', reason: 'r' }]);
    // Assert
    expect(applied).toMatchObject({ stale: [], accepted: [] });
  });

  test("should not call another shard's or another --mutant's entry stale", () => {
    // Arrange
    const shard = { index: 1, count: 2 };
    const elsewhere = ['cccccccccccc', 'cccccccccccd'].find((id) => !isInShard(id, shard)) ?? '';
    const entries = [{ id: elsewhere, reason: 'r' }];
    // Act / Assert
    expect(applyBaseline(run, entries, { shard }).stale).toEqual([]);
    expect(applyBaseline(run, entries, { only: ['aaaaaaaaaaa0'] }).stale).toEqual([]);
    expect(applyBaseline(run, entries).stale).toHaveLength(1);
  });
});
