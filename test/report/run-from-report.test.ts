import { describe, expect, it } from 'vitest';
import { buildJsonReport, siteFileName } from '../../src/report/build-json-report.js';
import type { EnvelopeMutationReport } from '../../src/report/envelope-report.js';
import { runFromReport } from '../../src/report/run-from-report.js';
import { assertEnvelopeReport } from '../../src/report/validate-report.js';
import { makeRun, must, UNKNOWN_TOOL } from '../support/make-run.js';

const ENV = {};

describe('runFromReport', () => {
  it('should leave out statusReason and killedAt of a mutant that has neither', () => {
    // Arrange
    const bare = {
      id: 'b1',
      siteKey: UNKNOWN_TOOL.key,
      mutatorName: 'change-id',
      replacement: 'id 41 → "41"',
      path: ['id'],
      status: 'Survived',
      killedBy: [],
      coveredBy: [],
    } as const;
    const report = buildJsonReport(makeRun({ sites: [UNKNOWN_TOOL], mutants: [bare] }), {
      env: ENV,
    });
    // Act
    const [mutant] = runFromReport(report).mutants;
    // Assert
    expect(mutant).toStrictEqual(bare);
  });

  it('should write and read back what a mutant met at its site instead of what it was planned on', () => {
    // Arrange
    const strayed = {
      id: 's1',
      siteKey: UNKNOWN_TOOL.key,
      mutatorName: 'remove-is-error',
      replacement: 'isError removed',
      path: ['result', 'isError'],
      status: 'Survived',
      killedBy: [],
      coveredBy: [],
      verdictSource: 'isolated',
      strayed: { planned: 'a tool error', met: 'a success' },
    } as const;
    const report = buildJsonReport(makeRun({ sites: [UNKNOWN_TOOL], mutants: [strayed] }), {
      env: ENV,
    });
    // Act
    const [mutant] = runFromReport(report).mutants;
    // Assert
    expect(mutant).toStrictEqual(strayed);
    expect(() => assertEnvelopeReport(report, 'mutation.json')).not.toThrow();
    // Negative control: the schema checks the member's shape.
    const [file] = Object.values(report.files);
    const bad = {
      ...report,
      files: {
        x: {
          ...must(file),
          mutants: [
            {
              ...must(file?.mutants[0]),
              envelopeMutants: { verdictSource: 'isolated', strayed: { planned: 1 } },
            },
          ],
        },
      },
    };
    expect(() => assertEnvelopeReport(bad, 'mutation.json')).toThrow(
      /strayed\/planned must be string|strayed must have required property/,
    );
  });

  it('should read back a site whose value was undefined', () => {
    const run = makeRun({ sites: [{ ...UNKNOWN_TOOL, value: undefined }], mutants: [] });

    const [site] = runFromReport(buildJsonReport(run, { env: ENV })).sites;

    expect(must(site).value).toBeUndefined();
  });

  it('should read a site source that is not JSON as its text', () => {
    // Arrange
    const report = buildJsonReport(makeRun({ sites: [UNKNOWN_TOOL], mutants: [] }), { env: ENV });
    const name = siteFileName(UNKNOWN_TOOL);
    const edited: EnvelopeMutationReport = {
      ...report,
      files: { [name]: { ...must(report.files[name]), source: 'Symbol(x)' } },
    };
    // Act
    const [site] = runFromReport(edited).sites;
    // Assert
    expect(must(site).value).toBe('Symbol(x)');
  });
});
