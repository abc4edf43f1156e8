import { describe, expect, it } from 'vitest';
import { buildJsonReport, siteFileName } from '../../src/report/build-json-report.js';
import { runFromReport } from '../../src/report/run-from-report.js';
import { assertEnvelopeReport, reportSchemaErrors } from '../../src/report/validate-report.js';
import { makeRun, must, TOOL_ERROR, UNKNOWN_TOOL } from '../support/make-run.js';

const NO_ENV = {};

describe('buildJsonReport', () => {
  it('should write a report valid against mutation-testing-report-schema', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });

    expect(reportSchemaErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });

  it('should fail validation for a report with a broken mutant (negative control)', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });
    const broken = JSON.parse(JSON.stringify(report)) as {
      files: Record<string, { mutants: { status: string; location: unknown }[] }>;
    };
    const file = must(Object.values(broken.files)[0]);
    must(file.mutants[0]).status = 'Murdered';
    must(file.mutants[1]).location = { start: { line: 0, column: 1 } };

    const errors = reportSchemaErrors(broken);

    expect(errors.some((error) => error.includes('/status'))).toBe(true);
    expect(errors.some((error) => error.includes('/location'))).toBe(true);
  });

  it('should write one file per site whose source is the pretty-printed envelope', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });

    const file = report.files[siteFileName(UNKNOWN_TOOL)];

    expect(Object.keys(report.files)).toHaveLength(3);
    expect(siteFileName(UNKNOWN_TOOL)).toBe('test/contract/tools.test.ts/unknown-tool.json');
    expect(file?.language).toBe('json');
    expect(file?.source).toBe(JSON.stringify(UNKNOWN_TOOL.value, null, 2));
    expect(file?.envelopeMutants.siteKey).toBe('unknown-tool');
  });

  it('should point each mutant at the member it changed', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });
    const file = must(report.files[siteFileName(TOOL_ERROR)]);
    const lines = file.source.split('\n');

    const removeIsError = must(
      file.mutants.find((mutant) => mutant.mutatorName === 'remove-is-error'),
    );
    const { start, end } = removeIsError.location;

    expect(must(lines[start.line - 1]).slice(start.column - 1, end.column - 1)).toBe(
      '"isError": true',
    );
  });

  it('should carry killedAt, both scores and complete as extensions', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });
    const mutants = Object.values(report.files).flatMap((file) => file.mutants);

    expect(mutants.find((mutant) => mutant.id === 'm01')?.killedAt).toEqual({
      test: 'a91f_0_0',
      rule: 'jsonrpc.id',
      named: true,
    });
    expect(report.envelopeMutants.mutationScore).toBe(80);
    expect(report.envelopeMutants.namedKillScore).toBe(50);
    expect(report.envelopeMutants.complete).toBe(true);
    expect(report.framework.name).toBe('envelope-mutants');
  });

  it('should record the pool the rounds ran in, valid and read back by runFromReport', () => {
    // Arrange
    const pool = { pool: 'vmForks', reason: 'every test and site was the same' } as const;
    // Act
    const report = buildJsonReport(makeRun({ pool }), { env: NO_ENV });
    const without = buildJsonReport(makeRun(), { env: NO_ENV });
    // Assert
    expect(report.envelopeMutants.pool).toEqual(pool);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(runFromReport(report).pool).toEqual(pool);
    expect('pool' in without.envelopeMutants).toBe(false);
    const broken = {
      ...report,
      envelopeMutants: { ...report.envelopeMutants, pool: { pool: 'x' } },
    };
    expect(() => assertEnvelopeReport(broken, 'mutation.json')).toThrow(/pool/);
    expect(() => assertEnvelopeReport(report, 'mutation.json')).not.toThrow();
  });

  it('should list every test under its test file', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });

    expect(report.testFiles['test/contract/tools.test.ts']?.tests.map((test) => test.id)).toEqual([
      'a91f_0_0',
      'a91f_0_1',
    ]);
    expect(report.testFiles['test/client/retry-policy.test.ts']?.tests[0]?.name).toBe(
      'retry policy > should show a permanent tool error',
    );
  });

  it('should write null scores (not NaN) when no mutant is valid', () => {
    const report = buildJsonReport(makeRun({ mutants: [] }), { env: NO_ENV });

    expect(report.envelopeMutants.mutationScore).toBeNull();
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });

  it('should give two sites whose keys differ only by a slash two files', () => {
    const run = makeRun({
      sites: [
        { ...UNKNOWN_TOOL, key: 'a/b' },
        { ...UNKNOWN_TOOL, key: 'a∕b' },
      ],
      mutants: [],
    });

    const report = buildJsonReport(run, { env: NO_ENV });

    expect(Object.keys(report.files)).toHaveLength(2);
  });

  it('should throw on a mutant whose site is missing from the run', () => {
    const run = makeRun({ sites: [UNKNOWN_TOOL] });

    expect(() => buildJsonReport(run, { env: NO_ENV })).toThrow(/site "tool-error"/);
  });
});

describe('buildJsonReport survivor hints', () => {
  it('should carry a hint and a description on each survivor and each kill short of its rule, valid against the schema', () => {
    const report = buildJsonReport(makeRun(), { env: NO_ENV });
    const mutants = Object.values(report.files).flatMap((file) => file.mutants);

    const hinted = mutants.filter((mutant) => mutant.hint !== undefined).map((m) => m.id);
    const survivor = must(mutants.find((mutant) => mutant.id === 'm03'));
    expect(hinted.sort()).toEqual(['m03', 'm04', 'm05', 'm08']);
    expect(must(mutants.find((mutant) => mutant.id === 'm05')).hint?.killed).toBe('unnamed');
    expect(survivor.hint?.code).toBe(
      `expect(response, 'jsonrpc.error-code').toHaveProperty('error.code', -32602)`,
    );
    expect(survivor.description).toContain(survivor.hint?.code);
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });
});
