import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import type { CodeSummaryJson } from '../../src/stryker/code-summary-json.js';
import {
  ADAPTER_REPORT_PATH,
  ADAPTER_ROOT,
  adapterReport,
  envelopeRun,
} from '../support/adapter-report.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';

let dir = '';
let captured: CapturedOutput = { stdout: '', stderr: '' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-stryker-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('envelope-mutants stryker', () => {
  it('should print the attribution as JSON with the labels of the project config', async () => {
    // Act
    const code = await main(['stryker', ADAPTER_REPORT_PATH, '--root', ADAPTER_ROOT, '--json']);
    // Assert
    expect(code).toBe(0);
    const output = JSON.parse(captured.stdout) as CodeSummaryJson;
    expect(output.counts).toMatchObject({ killedNamed: 43, killedUnnamed: 5, survived: 17 });
    expect(output.files.map((f) => f.file)).toEqual(['src/classify-failure.ts']);
    expect(output.mutationScore).toBeCloseTo(66.67, 2);
  });

  it('should count the project label as unnamed without its config (negative control)', async () => {
    // The root has no envelope-mutants config: 'retry decision' maps to no rule.
    const code = await main(['stryker', ADAPTER_REPORT_PATH, '--root', dir, '--json']);
    expect(code).toBe(0);
    const output = JSON.parse(captured.stdout) as CodeSummaryJson;
    expect(output.counts.killedNamed).toBe(38);
    expect(output.counts.killedNamed + output.counts.killedUnnamed).toBe(48);
  });

  it('should print a table per file with both scores', async () => {
    await main(['stryker', ADAPTER_REPORT_PATH, '--root', ADAPTER_ROOT]);
    expect(captured.stdout).toMatch(
      /^src\/classify-failure\.ts\s+43\s+5\s+17\s+0\s+7\s+0\s+66\.67%\s+59\.72%$/m,
    );
    expect(captured.stdout).toContain('named-kill score 59.72%');
    expect(captured.stdout).toContain('5 kills name no rule');
    expect(captured.stdout).toContain(
      'classifyFailure should keep the code of an invalid-params error',
    );
  });

  it('should fail the gate below the config break threshold', async () => {
    const config = await file(
      'strict.json',
      JSON.stringify({ strict: true, thresholds: { break: 60 } }),
    );
    const code = await main(['stryker', ADAPTER_REPORT_PATH, '--root', dir, '--config', config]);
    expect(code).toBe(1);
    expect(captured.stdout).toContain('is below break 60');
  });

  it.each([
    [
      'a missing file',
      async () => join(dir, 'nope.json'),
      'cannot read the StrykerJS report (ENOENT)',
    ],
    ['a file that is not JSON', async () => file('bad.json', '{"files": '), 'not JSON'],
    [
      'JSON that is not a mutation-testing report',
      async () => file('other.json', JSON.stringify({ files: 3 })),
      'not a mutation-testing-report-schema report (/ must have required property',
    ],
    [
      'an envelope-mutants report',
      async () => file('ours.json', JSON.stringify(buildJsonReport(envelopeRun(), { env: {} }))),
      'this is an envelope-mutants report',
    ],
  ])('should exit 2 on %s', async (_, makePath, message) => {
    const path = await makePath();
    const code = await main(['stryker', path, '--root', dir]);
    expect(code).toBe(2);
    expect(captured.stderr).toContain(message);
  });

  it('should accept the fixture report itself (control for the malformed cases)', async () => {
    expect(adapterReport().schemaVersion).toBe('1.0');
    expect(await main(['stryker', ADAPTER_REPORT_PATH, '--root', dir])).toBe(0);
  });

  it('should fail the gate when StrykerJS left a mutant pending, even without a break', async () => {
    // Arrange: an interrupted StrykerJS run proves nothing.
    const report = adapterReport();
    const first = report.files['src/classify-failure.ts']?.mutants[0];
    if (first === undefined) throw new Error('fixture changed');
    first.status = 'Pending';
    const path = await file('pending.json', JSON.stringify(report));
    // Act
    const code = await main(['stryker', path, '--root', dir]);
    // Assert
    expect(code).toBe(1);
    expect(captured.stdout).toContain('partial run (interrupted before every mutant was tested)');
  });

  it('should describe the command, its report argument and its options in --help', async () => {
    // Act
    const code = await main(['stryker', '--help']);
    // Assert: compare with the lines unwrapped, whatever the terminal width.
    const help = captured.stdout.replace(/\s+/g, ' ');
    expect(code).toBe(0);
    expect(help).toContain('Usage: envelope-mutants stryker [options] <report>');
    expect(help).toContain(
      'attribute the kills of a StrykerJS report to rules: named and unnamed kills, both scores',
    );
    expect(help).toContain("report StrykerJS's JSON report, e.g. reports/mutation/mutation.json");
    expect(help).toContain('--root <dir> the project root (default: the current directory)');
    expect(help).toContain('--config <path> the config whose labels map assertion labels to rules');
    expect(help).toContain('--json print the attribution as JSON');
  });
});
