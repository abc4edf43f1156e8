import type { FileResult } from 'mutation-testing-report-schema';
import { describe, expect, it } from 'vitest';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { isSiteFile, siteFilesOf } from '../../src/report/site-file.js';
import { makeRun, must } from '../support/make-run.js';

const STRYKER_TS: FileResult = { language: 'typescript', source: 'export {};', mutants: [] };
const STRYKER_JSON: FileResult = { language: 'json', source: '{}', mutants: [] };

describe('isSiteFile', () => {
  it('should accept a site file we wrote', () => {
    const report = buildJsonReport(makeRun(), { env: {} });

    expect(isSiteFile(must(Object.values(report.files)[0]))).toBe(true);
  });

  it('should reject StrykerJS source files, JSON ones included', () => {
    expect(isSiteFile(STRYKER_TS)).toBe(false);
    expect(isSiteFile(STRYKER_JSON)).toBe(false);
  });
});

describe('siteFilesOf', () => {
  it('should keep the sites in report order and leave StrykerJS files out', () => {
    // Arrange
    const report = buildJsonReport(makeRun(), { env: {} });
    const files = { 'src/a.ts': STRYKER_TS, ...report.files, 'src/b.json': STRYKER_JSON };
    // Act
    const sites = siteFilesOf({ files });
    // Assert
    expect(sites.map((site) => site.envelopeMutants.siteKey)).toEqual([
      'unknown-tool',
      'tool-error',
      'retry policy > should show a permanent tool error#0',
    ]);
  });
});
