import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { binPath } from '../../support/bin-path.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

interface InterruptedRun {
  readonly code: number | null;
  readonly stderr: string;
  readonly report: {
    files: Record<string, { mutants: { status: string }[] }>;
    envelopeMutants: { complete: boolean; mutationScore: number | null };
  };
}

/**
 * `run` on the strong suite, sent SIGINT once the first progress line shows mutants being
 * tested: to its process alone, or, as a terminal's Ctrl-C does, to its whole process group (the
 * test workers too).
 */
async function interruptedRun(group: boolean): Promise<InterruptedRun> {
  const root = fixtures.root('strong');
  // Its own config and report dir.
  const reportFile = `${root}/reports/interrupt/mutation.json`;
  rmSync(reportFile, { force: true });
  const args = [binPath, 'run', '--root', root, '--config', 'interrupt.config.json'];
  // One mutant a round: many rounds, so a progress line comes while most mutants are still to
  // run (in vmForks, or copies side by side in the project's pool, its 59 mutants share one).
  const child = spawn('node', [...args, '--reporters', 'json', '--isolate'], { detached: group });
  let stderr = '';
  let interrupted = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (interrupted || !chunk.toString().includes('mutants ')) return;
    interrupted = true;
    if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
    else child.kill('SIGINT');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as InterruptedRun['report'];
  return { code, stderr, report };
}

describe('envelope-mutants run interrupted', () => {
  test.each([
    ['its process', false],
    ['its process group, as a terminal does', true],
  ])(
    'should end its round on Ctrl-C to %s, report the rest Pending and fail the gate',
    async (_, group) => {
      // Act
      const { code, stderr, report } = await interruptedRun(group);
      // Assert
      expect(code, stderr).toBe(1);
      const statuses = Object.values(report.files).flatMap((file) =>
        file.mutants.map((m) => m.status),
      );
      expect(report.envelopeMutants.complete).toBe(false);
      // A score of the mutants reached would read as final (7 of 7 tested: 100.00%).
      expect(report.envelopeMutants.mutationScore).toBeNull();
      expect(statuses).toContain('Pending');
      expect(statuses.filter((status) => status !== 'Pending' && status !== 'Killed')).toEqual([]);
      // The test workers the signal ended too are the interrupt's, not a crash to show.
      expect(stderr).not.toMatch(/^\s+at /m);
    },
  );
});
