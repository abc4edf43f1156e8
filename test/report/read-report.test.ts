import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { readReport } from '../../src/report/read-report.js';
import { makeRun } from '../support/make-run.js';

let dir = '';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-read-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readReport', () => {
  it('should read back a valid report as it was written', async () => {
    // Arrange
    const report = buildJsonReport(makeRun(), { env: {} });
    const path = join(dir, 'mutation.json');
    await writeFile(path, JSON.stringify(report));
    // Act
    const read = await readReport(path);
    // Assert
    expect(read).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('should say where reports are written when the path cannot be read', async () => {
    const path = join(dir, 'missing.json');

    const error = await readReport(path).catch((caught: unknown) => caught);

    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `${path}: cannot read the report (ENOENT). Check the path; reports are written to reports/envelope-mutants/mutation.json by default.`,
    );
  });
});
