import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import type { MergedReport } from '../../src/stryker/merge-stryker-report.js';
import { writeRunReportsWithStryker } from '../../src/stryker/write-run-reports-with-stryker.js';
import { ADAPTER_LABELS, adapterReport, envelopeRun } from '../support/adapter-report.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';

let dir = '';
let captured: CapturedOutput = { stdout: '', stderr: '' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-with-stryker-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('writeRunReportsWithStryker (run --with-stryker)', () => {
  it('should write one report holding both kinds of mutant and return the merged gate', async () => {
    // Act: break 70 — the envelope run alone (75%) would pass.
    const exit = await writeRunReportsWithStryker(envelopeRun(70), adapterReport(), {
      reporters: ['json', 'html', 'console'],
      reportDir: dir,
      labels: ADAPTER_LABELS,
    });
    // Assert
    const report = JSON.parse(await readFile(join(dir, 'mutation.json'), 'utf8')) as MergedReport;
    expect(exit).toBe(1);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.envelopeMutants.mutationScore).toBeCloseTo((51 / 76) * 100, 6);
    expect(report.files['src/classify-failure.ts']?.mutants).toHaveLength(72);
    expect(await readFile(join(dir, 'mutation.html'), 'utf8')).toContain('Named-kill score');
    expect(captured.stdout).toContain('StrykerJS code mutants');
    expect(captured.stdout).toContain('is below break 70');
  });

  it('should pass the gate when the merged score meets break (control)', async () => {
    const exit = await writeRunReportsWithStryker(envelopeRun(60), adapterReport(), {
      reporters: [],
      reportDir: dir,
      labels: ADAPTER_LABELS,
    });
    expect(exit).toBe(0);
    expect(captured.stdout).toBe('');
  });

  it('should write only the reports asked for', async () => {
    // Arrange: html only, into a directory that does not exist yet.
    const out = join(dir, 'nested', 'reports');
    // Act
    await writeRunReportsWithStryker(envelopeRun(), adapterReport(), {
      reporters: ['html'],
      reportDir: out,
      labels: ADAPTER_LABELS,
    });
    // Assert
    expect(await readFile(join(out, 'mutation.html'), 'utf8')).toContain('<!DOCTYPE html>');
    await expect(readFile(join(out, 'mutation.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('should write the JSON report alone into a directory it creates', async () => {
    // Arrange
    const out = join(dir, 'nested', 'json');
    // Act
    await writeRunReportsWithStryker(envelopeRun(), adapterReport(), {
      reporters: ['json'],
      reportDir: out,
      labels: ADAPTER_LABELS,
    });
    // Assert
    expect(JSON.parse(await readFile(join(out, 'mutation.json'), 'utf8'))).toHaveProperty(
      'envelopeMutants.stryker.framework',
      'StrykerJS 9.6.1',
    );
    await expect(readFile(join(out, 'mutation.html'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('should create no report directory for the console reporter alone', async () => {
    // Arrange
    const out = join(dir, 'unused');
    // Act
    await writeRunReportsWithStryker(envelopeRun(), adapterReport(), {
      reporters: ['console'],
      reportDir: out,
      labels: ADAPTER_LABELS,
    });
    // Assert
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
    expect(captured.stdout).toContain('StrykerJS code mutants');
  });
});
