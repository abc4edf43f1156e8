import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { binPath } from '../../support/bin-path.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

describe('envelope-mutants run interrupted', () => {
  test('should end its round on Ctrl-C, report the rest Pending and fail the gate', async () => {
    // Arrange
    const root = fixtures.root('strong');
    // Its own config and report dir.
    const reportFile = `${root}/reports/interrupt/mutation.json`;
    rmSync(reportFile, { force: true });
    const child = spawn('node', [
      binPath,
      'run',
      '--root',
      root,
      '--config',
      'interrupt.config.json',
      '--reporters',
      'json',
      // One mutant a round: many rounds, so a progress line comes while most mutants are still to
      // run (in vmForks, or copies side by side in the project's pool, its 59 mutants share one).
      '--isolate',
    ]);
    // Act: interrupt once the first progress line shows mutants being tested.
    let interrupted = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (interrupted || !chunk.toString().includes('mutants ')) return;
      interrupted = true;
      child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Assert
    expect(code).toBe(1);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      files: Record<string, { mutants: { status: string }[] }>;
      envelopeMutants: { complete: boolean; mutationScore: number | null };
    };
    const statuses = Object.values(report.files).flatMap((file) =>
      file.mutants.map((m) => m.status),
    );
    expect(report.envelopeMutants.complete).toBe(false);
    // A score of the mutants reached would read as final (7 of 7 tested: 100.00%).
    expect(report.envelopeMutants.mutationScore).toBeNull();
    expect(statuses).toContain('Pending');
    expect(statuses.filter((status) => status !== 'Pending' && status !== 'Killed')).toEqual([]);
  });
});
