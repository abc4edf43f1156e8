import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { readReportedVerdict } from '../../src/report/read-reported-verdict.js';
import { makeRun } from '../support/make-run.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reported-verdict-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const write = (value: unknown): Promise<void> =>
  writeFile(
    path.join(dir, 'mutation.json'),
    typeof value === 'string' ? value : JSON.stringify(value),
  );

describe('readReportedVerdict', () => {
  it('should read a mutant verdict from the last report', async () => {
    await write(buildJsonReport(makeRun(), { env: {} }));

    const verdict = await readReportedVerdict(dir, 'm03');

    expect(verdict?.status).toBe('Survived');
    expect(await readReportedVerdict(dir, 'm01')).toMatchObject({ status: 'Killed' });
  });

  it('should give no verdict without a report or for a mutant it does not hold', async () => {
    expect(await readReportedVerdict(dir, 'm03')).toBeUndefined();
    await write(buildJsonReport(makeRun(), { env: {} }));
    expect(await readReportedVerdict(dir, 'nope')).toBeUndefined();
  });

  it('should say where a half-written report is damaged rather than "no report yet"', async () => {
    // Arrange: a report cut short, as a run killed while writing it leaves it.
    const whole = JSON.stringify(buildJsonReport(makeRun(), { env: {} }), null, 2);
    await write(whole.slice(0, whole.indexOf('"mutants"')));
    const lines = whole.slice(0, whole.indexOf('"mutants"')).split('\n');
    const end = `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;

    // Act
    const reading = readReportedVerdict(dir, 'm03');

    // Assert
    await expect(reading).rejects.toThrow(
      `${path.join(dir, 'mutation.json')}: the last report is damaged: not JSON from ${end}`,
    );
    await expect(reading).rejects.toMatchObject({ name: 'ConfigError' });
  });

  it('should refuse a foreign report rather than trust it', async () => {
    // Arrange: holds the id, but is no valid report of ours: its word is not taken.
    await write({ files: { a: { mutants: [{ id: 'm03', status: 'Survived' }] } } });

    // Act
    const reading = readReportedVerdict(dir, 'm03');

    // Assert
    await expect(reading).rejects.toThrow(
      /the last report is damaged: it is JSON but not a report/,
    );
  });
});
