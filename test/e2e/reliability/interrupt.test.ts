import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { binPath } from '../../support/bin-path.js';
import { runCli } from '../../support/run-cli.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());
const ROOT = fixtures.root('hostile-exit');
// Its own config and report dir.
const REPORT_DIR = `${ROOT}/reports/sigterm`;
// One mutant a round, so the signal lands between rounds (in vmForks, or copies side by side in
// the project's pool, one instanced round holds all 28 mutants).
const ARGS = [
  'run',
  '--root',
  ROOT,
  '--config',
  'sigterm.config.json',
  '--reporters',
  'json',
  '--isolate',
];

interface PartialReport {
  readonly files: Record<string, { mutants: { id: string; status: string }[] }>;
  readonly envelopeMutants: { complete: boolean };
}

function readReport(): PartialReport {
  return JSON.parse(readFileSync(`${REPORT_DIR}/mutation.json`, 'utf8')) as PartialReport;
}

/** Starts `run`, sends `signal` once the first progress line shows mutants being tested. */
async function interruptedRun(signal: NodeJS.Signals, extra: readonly string[]): Promise<number> {
  const child = spawn('node', [binPath, ...ARGS, ...extra]);
  let sent = false;
  child.stderr.on('data', (chunk: Buffer) => {
    if (sent || !chunk.toString().includes('mutants ')) return;
    sent = true;
    child.kill(signal);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return code ?? -1;
}

describe('envelope-mutants run stopped by SIGTERM', { timeout: 300_000 }, () => {
  test('should write a partial report, fail, and let --incremental resume from it', async () => {
    // Arrange
    rmSync(REPORT_DIR, { recursive: true, force: true });
    // Act: before SIGTERM was handled, vitest's listener quit at once and wrote no report.
    const code = await interruptedRun('SIGTERM', ['--incremental']);
    // Assert
    expect(code).toBe(1);
    const partial = readReport();
    const statuses = Object.values(partial.files).flatMap((f) => f.mutants.map((m) => m.status));
    expect(partial.envelopeMutants.complete).toBe(false);
    expect(statuses).toHaveLength(28);
    expect(statuses).toContain('Pending');
    expect(statuses.filter((s) => s !== 'Pending' && s !== 'Killed')).toEqual([]);
    const judged = statuses.filter((s) => s === 'Killed').length;
    expect(judged).toBeGreaterThan(0);
    // Act: resume.
    const resumed = await runCli([...ARGS, '--incremental'], { timeoutMs: 280_000 });
    // Assert: the verdicts reached are reused, only the Pending ones are tested.
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(`${resumed.stdout}${resumed.stderr}`).toContain(`reused ${judged} of 28 verdicts`);
    const complete = readReport();
    expect(complete.envelopeMutants.complete).toBe(true);
    const after = Object.values(complete.files).flatMap((f) => f.mutants.map((m) => m.status));
    expect(after).toEqual(Array(28).fill('Killed'));
  });
});
