import type { MutationTestResult } from 'mutation-testing-report-schema';
import { describe, expect, it } from 'vitest';
import { attributeCodeMutants } from '../../src/stryker/attribute-code-mutants.js';
import { splitMergedReport } from '../../src/stryker/split-merged-report.js';
import {
  ADAPTER_LABELS,
  adapterReport,
  envelopeReportJson,
  mergedReportJson,
} from '../support/adapter-report.js';

const CODE_FILE = 'src/classify-failure.ts';

/** The adapter report with the coverage of its first mutant dropped (`coverageAnalysis: "off"`). */
function withoutCoverageOfFirst(): MutationTestResult {
  const report = adapterReport();
  const file = report.files[CODE_FILE];
  const first = file?.mutants[0];
  if (file === undefined || first === undefined) throw new Error('fixture changed');
  const { coveredBy: _, ...rest } = first;
  file.mutants[0] = rest;
  return report;
}

describe('splitMergedReport', () => {
  it('should give back the envelope report that was merged, its scores over its sites alone', () => {
    // Arrange
    const envelope = envelopeReportJson();
    // Act
    const split = splitMergedReport(mergedReportJson());
    // Assert: the source file, its test file and the merged scores (67.1%) are all gone.
    expect(split.report).toStrictEqual(envelope);
    expect(split.report.envelopeMutants.mutationScore).toBe(75);
    expect(split.report.envelopeMutants.namedKillScore).toBe(25);
  });

  it('should give back the StrykerJS files and tests with their own ids', () => {
    // Arrange: the merged report keeps the tests of a test file, not its source.
    const stryker = adapterReport();
    const tests = Object.entries(stryker.testFiles ?? {}).map(([name, file]) => [
      name,
      { tests: file.tests },
    ]);
    // Act
    const part = splitMergedReport(mergedReportJson(stryker)).stryker;
    // Assert
    expect(part?.result.files).toStrictEqual(stryker.files);
    expect(part?.result.testFiles).toStrictEqual(Object.fromEntries(tests));
    expect(part?.result.framework).toStrictEqual({ name: 'StrykerJS 9.6.1' });
  });

  it('should give back the code mutants with the kills attributed when they were merged', () => {
    // Act
    const part = splitMergedReport(mergedReportJson()).stryker;
    // Assert
    expect(part?.code).toStrictEqual(attributeCodeMutants(adapterReport(), ADAPTER_LABELS));
  });

  it('should give back a mutant StrykerJS wrote without coverage as it was', () => {
    // Arrange: with coverageAnalysis "off" StrykerJS writes no coveredBy.
    const stryker = withoutCoverageOfFirst();
    // Act
    const part = splitMergedReport(mergedReportJson(stryker)).stryker;
    // Assert
    expect(part?.result.files[CODE_FILE]?.mutants[0]).not.toHaveProperty('coveredBy');
    expect(part?.result.files).toStrictEqual(stryker.files);
  });

  it('should return no StrykerJS part for an envelope-only report', () => {
    // Arrange
    const envelope = envelopeReportJson();
    // Act + Assert
    expect(splitMergedReport(envelope)).toStrictEqual({ report: envelope });
  });

  it('should keep the StrykerJS part of a StrykerJS report without source files', () => {
    // Arrange: a StrykerJS run that mutated nothing still has its summary in the merged report.
    const empty = { ...adapterReport(), files: {}, testFiles: {} };
    // Act
    const split = splitMergedReport(mergedReportJson(empty));
    // Assert
    expect(split.stryker?.result.files).toStrictEqual({});
    expect(split.stryker?.result.framework).toStrictEqual({ name: 'StrykerJS 9.6.1' });
    expect(split.stryker?.code).toStrictEqual([]);
  });

  it('should take the source files back without a StrykerJS summary, naming no framework', () => {
    // Arrange
    const report = mergedReportJson();
    const { stryker: _, ...summary } = report.envelopeMutants as typeof report.envelopeMutants & {
      stryker?: unknown;
    };
    // Act
    const split = splitMergedReport({ ...report, envelopeMutants: summary });
    // Assert
    expect(split.stryker?.result.files).toStrictEqual(adapterReport().files);
    expect(split.stryker?.result).not.toHaveProperty('framework');
  });
});
