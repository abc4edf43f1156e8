import { describe, expect, it } from 'vitest';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { gateMergedReport } from '../../src/stryker/gate-merged-report.js';
import { mergeStrykerReport, type CodeReportFile } from '../../src/stryker/merge-stryker-report.js';
import {
  ADAPTER_LABELS,
  adapterReport,
  envelopeRun,
  withoutLabels,
} from '../support/adapter-report.js';

const CODE_FILE = 'src/classify-failure.ts';

function merged(breakAt: number | null = null, stryker = adapterReport()) {
  const report = buildJsonReport(envelopeRun(breakAt), { env: {} });
  return mergeStrykerReport(report, stryker, { labels: ADAPTER_LABELS });
}

describe('mergeStrykerReport', () => {
  it('should compute both scores over envelope and code mutants together', () => {
    // Arrange: envelope 3 detected / 4 valid, 1 named; code 48 / 72, 43 named.
    // Act
    const summary = merged().envelopeMutants;
    // Assert
    expect(summary.mutationScore).toBeCloseTo(((3 + 48) / (4 + 72)) * 100, 6);
    expect(summary.namedKillScore).toBeCloseTo(((1 + 43) / (4 + 72)) * 100, 6);
    expect(summary.stryker.mutationScore).toBeCloseTo(66.67, 2);
    expect(summary.stryker.counts).toMatchObject({ killedNamed: 43, killedUnnamed: 5 });
    expect(summary.stryker.framework).toBe('StrykerJS 9.6.1');
  });

  it('should write a report valid against mutation-testing-report-schema', () => {
    expect(reportSchemaErrors(merged())).toEqual([]);
  });

  it('should keep every site file and add the source file with its kills attributed', () => {
    const report = merged();
    const code = report.files[CODE_FILE] as CodeReportFile;
    expect(Object.keys(report.files)).toHaveLength(2);
    expect(code.mutants).toHaveLength(72);
    expect(code.mutants.find((m) => m.id === 'stryker-0')).toMatchObject({
      status: 'Killed',
      killedBy: ['stryker-0'],
      killedAt: { rule: 'policy.action', named: true },
    });
  });

  it('should prefix the StrykerJS test ids so they cannot meet the runner ids', () => {
    const tests = merged().testFiles['test/classify-failure.test.ts']?.tests ?? [];
    expect(tests.map((test) => test.id)).toEqual([
      'stryker-0',
      'stryker-1',
      'stryker-2',
      'stryker-3',
    ]);
  });

  it('should lower the named-kill score when the code kills carry no label (negative control)', () => {
    const labelled = merged().envelopeMutants.namedKillScore ?? NaN;
    const unlabelled = merged(null, withoutLabels(adapterReport())).envelopeMutants;
    expect(unlabelled.namedKillScore).toBeCloseTo((1 / 76) * 100, 6);
    expect(unlabelled.namedKillScore).toBeLessThan(labelled);
    expect(unlabelled.mutationScore).toBeCloseTo(((3 + 48) / 76) * 100, 6);
  });

  it('should gate on the merged score, not on the envelope score alone', () => {
    // Arrange: break 70 passes the envelope run (75%) but not the merged one (67.1%).
    const gate = gateMergedReport(merged(70));
    const control = gateMergedReport(merged(60));
    // Assert
    expect(gate.exitCode).toBe(1);
    expect(control.exitCode).toBe(0);
  });

  it('should mark the merged run incomplete when StrykerJS left mutants pending', () => {
    // Arrange
    const stryker = adapterReport();
    const file = stryker.files[CODE_FILE];
    const first = file?.mutants[0];
    if (file === undefined || first === undefined) throw new Error('fixture changed');
    // Act
    const complete = merged(null, stryker).envelopeMutants.complete;
    file.mutants[0] = { ...first, status: 'Pending' };
    const pending = merged(null, stryker).envelopeMutants;
    // Assert
    expect(complete).toBe(true);
    expect(pending.complete).toBe(false);
    // An interrupted run proves nothing: the gate fails even at break 0.
    expect(gateMergedReport(merged(0, stryker)).exitCode).toBe(1);
  });

  it('should prefix the test ids a code mutant was covered by', () => {
    const code = merged().files[CODE_FILE] as CodeReportFile;
    const survivor = code.mutants.find((m) => m.status === 'Survived');
    expect(survivor?.coveredBy?.length).toBeGreaterThan(0);
    expect(survivor?.coveredBy?.every((id) => id.startsWith('stryker-'))).toBe(true);
    expect(survivor).not.toHaveProperty('killedAt');
  });

  it('should keep both files when a source file has the name of a site file', () => {
    const report = buildJsonReport(envelopeRun(), { env: {} });
    const [siteName] = Object.keys(report.files);
    const file = adapterReport().files[CODE_FILE];
    if (siteName === undefined || file === undefined) throw new Error('fixture changed');
    const stryker = { ...adapterReport(), files: { [siteName]: file } };
    const result = mergeStrykerReport(report, stryker, { labels: ADAPTER_LABELS });
    expect(Object.keys(result.files).sort()).toEqual([siteName, `stryker/${siteName}`].sort());
  });

  it('should name an unknown framework when the report has none', () => {
    const { framework: _, ...bare } = adapterReport();
    const report = buildJsonReport(envelopeRun(), { env: {} });
    const result = mergeStrykerReport(report, bare, { labels: ADAPTER_LABELS });
    expect(result.envelopeMutants.stryker.framework).toBe('unknown');
  });

  it('should gate on the merged named-kill score under strict', () => {
    // Arrange: named kills 44 of 76 valid (57.89%), below break 60; the mutation score passes it.
    const report = merged(60);
    const strict = { ...report, envelopeMutants: { ...report.envelopeMutants, strict: true } };
    // Act
    const gate = gateMergedReport(strict);
    // Assert
    expect(gate).toMatchObject({ exitCode: 1, scoreName: 'named-kill score' });
    expect(gate.score).toBeCloseTo((44 / 76) * 100, 6);
  });

  it("should attribute each file's kills to its own mutants when two files reuse an id", () => {
    // Arrange: a second file whose mutants have the same ids but all survived.
    const stryker = adapterReport();
    const file = stryker.files[CODE_FILE];
    if (file === undefined) throw new Error('fixture changed');
    const survived = file.mutants.map(({ killedBy: _, statusReason: __, ...m }) => ({
      ...m,
      status: 'Survived' as const,
    }));
    stryker.files['src/other.ts'] = { ...file, mutants: survived };
    // Act
    const report = merged(null, stryker);
    // Assert
    const own = (report.files[CODE_FILE] as CodeReportFile).mutants;
    const other = (report.files['src/other.ts'] as CodeReportFile).mutants;
    expect(own.find((m) => m.id === 'stryker-0')?.killedAt).toMatchObject({ named: true });
    expect(other.find((m) => m.id === 'stryker-0')).not.toHaveProperty('killedAt');
  });
});
