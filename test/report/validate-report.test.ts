import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/config/config-error.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { assertEnvelopeReport } from '../../src/report/validate-report.js';
import { makeRun } from './fixtures.js';

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
