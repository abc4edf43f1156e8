import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { assertStrykerReport, readStrykerReport } from '../../src/stryker/read-stryker-report.js';
import {
  ADAPTER_REPORT_PATH,
  adapterReport,
  envelopeReportJson,
} from '../support/adapter-report.js';

let dir = '';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-read-stryker-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function messageOf(act: () => Promise<unknown>): Promise<string> {
  try {
    await act();
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  return 'no error';
}

describe('readStrykerReport', () => {
  it('should read the report StrykerJS wrote', async () => {
    expect(await readStrykerReport(ADAPTER_REPORT_PATH)).toEqual(adapterReport());
  });

  it('should say where StrykerJS writes its report when the file is missing', async () => {
    // Arrange
    const path = join(dir, 'nope.json');
    // Act
    const message = await messageOf(() => readStrykerReport(path));
    // Assert
    expect(message).toBe(
      `${path}: cannot read the StrykerJS report (ENOENT). ` +
        "Check the path; StrykerJS's json reporter writes reports/mutation/mutation.json by default.",
    );
  });
});

describe('assertStrykerReport', () => {
  it('should name the first three schema errors and how to write the report', async () => {
    // Arrange: four violations.
    const value = { files: 3, thresholds: 'high', testFiles: 4 };
    const errors = reportSchemaErrors(value);
    // Act
    const message = await messageOf(async () => assertStrykerReport(value, 'm.json'));
    // Assert
    expect(errors.length).toBeGreaterThan(3);
    expect(message).toBe(
      `m.json: not a mutation-testing-report-schema report (${errors[0]}; ${errors[1]}; ${errors[2]}). ` +
        `Pass the mutation.json of StrykerJS's json reporter ("reporters": ["json"]).`,
    );
    expect(message).not.toContain(errors[3]);
  });

  it('should tell an envelope-mutants report from a StrykerJS one', async () => {
    // Act
    const message = await messageOf(async () =>
      assertStrykerReport(envelopeReportJson(), 'm.json'),
    );
    // Assert
    expect(message).toBe(
      'm.json: this is an envelope-mutants report, not a StrykerJS one. ' +
        'Pass the report of `npx stryker run`; merge envelope-mutants shards with `envelope-mutants merge`.',
    );
  });

  it('should accept a report that names no framework', () => {
    // Arrange: the framework member is optional in mutation-testing-report-schema.
    const { framework: _, ...bare } = adapterReport();
    // Act + Assert
    expect(() => assertStrykerReport(bare, 'm.json')).not.toThrow();
  });
});
