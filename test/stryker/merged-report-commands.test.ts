import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { isConfigError } from '../../src/errors.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { assertEnvelopeReport } from '../../src/report/validate-report.js';
import { mergeStrykerReport, type MergedReport } from '../../src/stryker/merge-stryker-report.js';
import { ADAPTER_LABELS, adapterReport, envelopeRun } from '../support/adapter-report.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';

const CODE_FILE = 'src/classify-failure.ts';

let dir = '';
let captured: CapturedOutput = { stdout: '', stderr: '' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-merged-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The report `run --with-stryker` writes, as parsed back from its JSON. */
function mergedReport(breakAt: number | null = null): MergedReport {
  const report = buildJsonReport(envelopeRun(breakAt), { env: {} });
  const merged = mergeStrykerReport(report, adapterReport(), { labels: ADAPTER_LABELS });
  return JSON.parse(JSON.stringify(merged)) as MergedReport;
}

async function write(name: string, report: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(report));
  return path;
}

function messageOf(value: unknown): string {
  try {
    assertEnvelopeReport(value, 'merged.json');
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  return 'valid';
}

/** A mutable copy of one file of the report, for damaging it. */
function fileOf(report: MergedReport, name: string): Record<string, unknown> {
  const file = (report.files as unknown as Record<string, Record<string, unknown>>)[name];
  if (file === undefined) throw new Error(`fixture changed: no file ${name}`);
  return file;
}

function siteName(report: MergedReport): string {
  const name = Object.keys(report.files).find((key) => key !== CODE_FILE);
  if (name === undefined) throw new Error('fixture changed: no site file');
  return name;
}

/** Makes the code mutant `stryker-0` (killed at a named rule) survive. */
function surviveStryker0(report: MergedReport): MergedReport {
  const mutants = fileOf(report, CODE_FILE)['mutants'] as Record<string, unknown>[];
  const index = mutants.findIndex((mutant) => mutant['id'] === 'stryker-0');
  if (mutants[index]?.['status'] !== 'Killed') throw new Error('fixture changed: stryker-0');
  const { killedAt: _killedAt, ...rest } = mutants[index];
  mutants[index] = { ...rest, status: 'Survived', killedBy: [] };
  return report;
}

describe('assertEnvelopeReport on a run --with-stryker report', () => {
  it('should accept the StrykerJS source files, which carry no site members', () => {
    // Arrange
    const report = mergedReport();
    // Assert
    expect(fileOf(report, CODE_FILE)).not.toHaveProperty('envelopeMutants');
    expect(messageOf(report)).toBe('valid');
  });

  it('should still reject a site file without its site members (negative control)', () => {
    // Arrange
    const report = mergedReport();
    delete fileOf(report, siteName(report))['envelopeMutants'];
    // Act
    const message = messageOf(report);
    // Assert
    expect(message).toMatch(/^merged\.json: not written by envelope-mutants \(\/files\//);
    expect(message).toContain("must have required property 'envelopeMutants'");
  });

  it('should still reject a site mutant without its path (negative control)', () => {
    // Arrange
    const report = mergedReport();
    const mutants = fileOf(report, siteName(report))['mutants'] as Record<string, unknown>[];
    delete mutants[0]?.['path'];
    // Assert
    expect(messageOf(report)).toContain("must have required property 'path'");
  });
});

describe('envelope-mutants diff on run --with-stryker reports', () => {
  it('should accept them and report a code mutant that now survives', async () => {
    // Arrange: the code mutant stryker-0, killed in base, survives in head.
    const base = await write('base.json', mergedReport());
    const head = await write('head.json', surviveStryker0(mergedReport()));
    // Act
    const same = await main(['diff', base, base]);
    const sameOut = captured.stdout;
    captured.stdout = '';
    const changed = await main(['diff', base, head, '--json']);
    // Assert
    expect(same).toBe(0);
    expect(sameOut).toContain('no regression');
    expect(changed).toBe(1);
    const printed = JSON.parse(captured.stdout) as {
      newSurvivors: { id: string; siteKey: string }[];
    };
    expect(printed.newSurvivors).toEqual([
      expect.objectContaining({ id: 'stryker-0', siteKey: CODE_FILE }),
    ]);
  });
});

describe('envelope-mutants merge on run --with-stryker reports', () => {
  it('should keep the StrykerJS part and the merged scores', async () => {
    // Arrange
    const original = mergedReport();
    const input = await write('shard.json', original);
    const out = join(dir, 'out', 'mutation.json');
    // Act
    const code = await main(['merge', input, '--out', out, '--no-html']);
    // Assert
    expect(code).toBe(0);
    const written = JSON.parse(await readFile(out, 'utf8')) as MergedReport;
    expect(written.files).toEqual(original.files);
    expect(written.testFiles).toEqual(original.testFiles);
    expect(written.envelopeMutants).toEqual(original.envelopeMutants);
    expect(captured.stdout).toContain('envelope + code mutants:');
  });

  it('should gate on the merged score, not on the envelope score alone', async () => {
    // Arrange: break 70 passes the envelope mutants (75%) but not all of them (67.1%).
    const below = await write('below.json', mergedReport(70));
    const above = await write('above.json', mergedReport(60));
    // Act + Assert
    expect(await main(['merge', below, '--out', join(dir, 'b.json'), '--no-html'])).toBe(1);
    expect(await main(['merge', above, '--out', join(dir, 'a.json'), '--no-html'])).toBe(0);
  });

  it('should exit 2 when the reports carry different StrykerJS results', async () => {
    // Arrange
    const one = await write('one.json', mergedReport());
    const other = await write('other.json', surviveStryker0(mergedReport()));
    // Act
    const code = await main(['merge', one, other, '--out', join(dir, 'x.json'), '--no-html']);
    // Assert
    expect(code).toBe(2);
    // Negative control: the same StrykerJS results in two reports (one path twice is refused).
    const same = await write('one-again.json', mergedReport());
    expect(await main(['merge', one, same, '--out', join(dir, 'y.json'), '--no-html'])).toBe(0);
  });
});
