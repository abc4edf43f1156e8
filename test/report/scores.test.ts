import { calculateMutationTestMetrics } from 'mutation-testing-metrics';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { describe, expect, it } from 'vitest';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { formatScore, scoresOf } from '../../src/report/scores.js';
import { makeRun, makeRunOf, survived } from '../support/make-run.js';

describe('scoresOf', () => {
  it('should count every outcome of the fixture run', () => {
    const { counts } = scoresOf(makeRun());

    expect(counts).toEqual({
      killed: 7,
      killedNamed: 5,
      killedElsewhere: 1,
      killedUnnamed: 1,
      survived: 2,
      timeout: 1,
      noCoverage: 0,
      runtimeError: 1,
      ignored: 1,
      pending: 0,
      totalValid: 10,
      totalDetected: 8,
      totalMutants: 12,
    });
  });

  it("should give Stryker's mutation score and named kills over the same denominator", () => {
    const scores = scoresOf(makeRun());

    expect(scores.mutationScore).toBe(80);
    expect(scores.namedKillScore).toBe(50);
  });

  it('should equal the score mutation-testing-metrics computes from the written report', () => {
    const report = buildJsonReport(makeRun(), { env: {} });

    const metrics = calculateMutationTestMetrics(report as unknown as MutationTestResult);

    expect(scoresOf(makeRun()).mutationScore).toBe(
      metrics.systemUnderTestMetrics.metrics.mutationScore,
    );
  });

  it('should give NaN scores without valid mutants and 0 when all survived', () => {
    expect(scoresOf(makeRun({ mutants: [] })).mutationScore).toBeNaN();
    expect(scoresOf(makeRun({ mutants: [] })).namedKillScore).toBeNaN();
    expect(scoresOf(makeRunOf(survived(), 3)).namedKillScore).toBe(0);
  });

  it('should format scores with two decimals and n/a for NaN', () => {
    expect(formatScore(200 / 3)).toBe('66.67%');
    expect(formatScore(NaN)).toBe('n/a');
  });
});
