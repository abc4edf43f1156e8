import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { ShortestFirstSequencer } from './shortest-first-sequencer.js';

interface FileRecord {
  readonly duration?: number;
  readonly failed?: boolean;
  readonly size: number;
}

/** A sequencer over a results cache holding `files`, keyed as vitest keys them. */
function sequencerOver(files: Record<string, FileRecord>): ShortestFirstSequencer {
  const record = (key: string) => files[key.replace(/^:/, '')];
  const ctx = {
    config: { root: '/repo' },
    cache: {
      getFileTestResults: (key: string) => {
        const file = record(key);
        return file?.duration === undefined
          ? undefined
          : { duration: file.duration, failed: file.failed === true };
      },
      getFileStats: (key: string) => ({ size: record(key)?.size ?? 0 }),
    },
  };
  return new ShortestFirstSequencer(ctx as unknown as Vitest);
}

function specs(...names: string[]): TestSpecification[] {
  return names.map(
    (name) =>
      ({ project: { name: '' }, moduleId: `/repo/${name}` }) as unknown as TestSpecification,
  );
}

const names = (sorted: TestSpecification[]) => sorted.map((spec) => spec.moduleId.slice(6));

describe('ShortestFirstSequencer', () => {
  it('should put the file that failed last first, then the shortest first', async () => {
    // Arrange
    const sequencer = sequencerOver({
      'fuzz.test.ts': { duration: 5000, size: 10 },
      'oracle.test.ts': { duration: 40, size: 900 },
      'killer.test.ts': { duration: 300, failed: true, size: 50 },
      'tiny.test.ts': { duration: 5, size: 500 },
    });

    // Act
    const sorted = await sequencer.sort(
      specs('fuzz.test.ts', 'oracle.test.ts', 'killer.test.ts', 'tiny.test.ts'),
    );

    // Assert: vitest's own order (longest first) would be killer, fuzz, oracle, tiny
    expect(names(sorted)).toEqual([
      'killer.test.ts',
      'tiny.test.ts',
      'oracle.test.ts',
      'fuzz.test.ts',
    ]);
  });

  it('should order files with no recorded run by size, the smallest first', async () => {
    // Arrange
    const sequencer = sequencerOver({
      'large.test.ts': { size: 9000 },
      'small.test.ts': { size: 100 },
    });

    // Act
    const sorted = await sequencer.sort(specs('large.test.ts', 'small.test.ts'));

    // Assert
    expect(names(sorted)).toEqual(['small.test.ts', 'large.test.ts']);
  });
});
