import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { assertEnvelopeReport } from '../../src/report/validate-report.js';
import { makeRun } from '../support/make-run.js';

function parsedReport(): {
  envelopeMutants: Record<string, unknown>;
  files: Record<string, { mutants: Record<string, unknown>[] }>;
} {
  return JSON.parse(JSON.stringify(buildJsonReport(makeRun(), { env: {} }))) as ReturnType<
    typeof parsedReport
  >;
}

function messageOf(value: unknown): string {
  try {
    assertEnvelopeReport(value, 'head.json');
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  return 'valid';
}

describe('assertEnvelopeReport', () => {
  it('should accept a report we wrote', () => {
    expect(messageOf(parsedReport())).toBe('valid');
  });

  it('should reject a schema violation, naming the file', () => {
    const report = parsedReport();
    report.envelopeMutants = {};
    (report as Record<string, unknown>)['thresholds'] = { high: 80 };

    expect(messageOf(report)).toMatch(
      /^head\.json: not a valid mutation-testing-report-schema report \(\/thresholds must have required property 'low'\)/,
    );
  });

  it('should reject damaged extensions: a missing seed, an unknown rule', () => {
    const noSeed = parsedReport();
    delete noSeed.envelopeMutants['seed'];
    const badRule = parsedReport();
    const mutant = Object.values(badRule.files)[0]?.mutants[0] ?? {};
    mutant['killedAt'] = { test: 't', rule: 'jsonrpc.idd', named: true };

    expect(messageOf(noSeed)).toContain(
      "head.json: not written by envelope-mutants (/envelopeMutants must have required property 'seed')",
    );
    expect(messageOf(badRule)).toContain(
      '/killedAt/rule must be equal to one of the allowed values',
    );
  });
});

describe('assertEnvelopeReport on scores and thresholds', () => {
  it('should reject a score or threshold that is not a percentage, and low above high', () => {
    // Arrange: what `diff` and `merge` compute with (a string score crashed diff's toFixed).
    const damaged = (edit: (summary: Record<string, unknown>) => void): unknown => {
      const report = parsedReport();
      edit(report.envelopeMutants);
      return report;
    };
    const thresholds = { high: 10, low: 90, break: null };
    // Act / Assert
    expect(messageOf(damaged((s) => (s['mutationScore'] = 'abc')))).toContain(
      '(/envelopeMutants/mutationScore must be number,null)',
    );
    expect(messageOf(damaged((s) => (s['namedKillScore'] = 101)))).toContain(
      '(/envelopeMutants/namedKillScore must be <= 100)',
    );
    expect(messageOf(damaged((s) => (s['thresholds'] = { ...thresholds, break: 500 })))).toContain(
      '(/envelopeMutants/thresholds/break must be <= 100)',
    );
    expect(messageOf(damaged((s) => (s['thresholds'] = thresholds)))).toBe(
      'head.json: damaged: its thresholds.low (90) is above thresholds.high (10), which no run writes. Pass a mutation.json written by envelope-mutants run.',
    );
    // Negative control: a null score (nothing valid to score) is what a run writes.
    expect(messageOf(damaged((s) => (s['mutationScore'] = null)))).toBe('valid');
  });
});

describe('assertEnvelopeReport on how a verdict was obtained', () => {
  it('should write and accept a verdict source, and reject an unknown one', () => {
    // Arrange
    const run = makeRun();
    const first = run.mutants[0];
    if (first === undefined) throw new Error('the fixture run has no mutant');
    const withSource = { ...run, mutants: [{ ...first, verdictSource: 'batched' as const }] };
    const report = JSON.parse(JSON.stringify(buildJsonReport(withSource, { env: {} }))) as {
      files: Record<string, { mutants: Record<string, unknown>[] }>;
    };
    const written = Object.values(report.files).flatMap((file) => file.mutants);
    // Act
    const valid = messageOf(report);
    const source = written[0]?.['envelopeMutants'];
    if (written[0] !== undefined) written[0]['envelopeMutants'] = { verdictSource: 'guessed' };
    // Assert
    expect(source).toEqual({ verdictSource: 'batched' });
    expect(valid).toBe('valid');
    expect(messageOf(report)).toContain(
      '/envelopeMutants/verdictSource must be equal to one of the allowed values',
    );
  });
});

describe('assertEnvelopeReport messages', () => {
  it('should name the first three schema violations and say which file to pass', async () => {
    // A fresh module, so this test compiles the validator: each violation must be collected.
    vi.resetModules();
    const fresh = await import('../../src/report/validate-report.js');
    const report = parsedReport() as Record<string, unknown>;
    delete report['files'];
    report['schemaVersion'] = 2;
    report['thresholds'] = { high: 'x' };

    expect(fresh.reportSchemaErrors(report)).toHaveLength(4);
    expect(messageOf(report)).toBe(
      'head.json: not a valid mutation-testing-report-schema report (' +
        "/ must have required property 'files'; /schemaVersion must be string; " +
        "/thresholds must have required property 'low'). " +
        'Pass a mutation.json written by envelope-mutants run.',
    );
  });

  it('should say which extension member is missing and how to get a report that has it', () => {
    const report = parsedReport();
    delete report.envelopeMutants['seed'];

    expect(messageOf(report)).toBe(
      "head.json: not written by envelope-mutants (/envelopeMutants must have required property 'seed'). " +
        'Pass a mutation.json written by envelope-mutants run; its "envelopeMutants" members are missing or damaged. ' +
        'A StrykerJS report goes to `envelope-mutants stryker` or to `run --with-stryker`.',
    );
  });

  it('should name the root as "/" when a schema report has no extension at all', () => {
    const report = parsedReport();
    delete (report as Partial<typeof report>).envelopeMutants;

    expect(messageOf(report)).toMatch(
      /^head\.json: not written by envelope-mutants \(\/ must have required property 'envelopeMutants'\)\. /,
    );
  });
});

describe('assertEnvelopeReport console', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('should check a report without printing schema-compiler warnings to the console', async () => {
    // A fresh module: the validators are compiled (and would warn) on first use only.
    vi.resetModules();
    const fresh = await import('../../src/report/validate-report.js');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const report = parsedReport();
    delete report.envelopeMutants['seed'];

    expect(() => fresh.assertEnvelopeReport(parsedReport(), 'head.json')).not.toThrow();
    expect(() => fresh.assertEnvelopeReport(report, 'head.json')).toThrow(/seed/);
    expect([...warn.mock.calls, ...log.mock.calls]).toEqual([]);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reportSchemaErrors', () => {
  it('should compile the schema without warning about its unused uri format', async () => {
    // Arrange: a fresh module, so the schema is compiled in this test.
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fresh = await import('../../src/report/validate-report.js');
    const report: unknown = JSON.parse(JSON.stringify(buildJsonReport(makeRun(), { env: {} })));
    // Act
    const errors = fresh.reportSchemaErrors(report);
    // Assert
    expect(errors).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
