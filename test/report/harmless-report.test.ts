import { calculateMetrics } from 'mutation-testing-metrics';
import { describe, expect, it } from 'vitest';
import { buildHtmlReport } from '../../src/report/build-html-report.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import type { ReportMutant } from '../../src/report/envelope-report.js';
import { gateExitCode, gateInputOf, gateResult } from '../../src/report/gate.js';
import { mergeReports } from '../../src/report/merge-reports.js';
import { runFromReport } from '../../src/report/run-from-report.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { makeRun } from '../support/make-run.js';
import { HARMLESS, makeHarmlessRun } from './harmless-fixtures.js';

const NO_ENV = {};

function mutantsOf(report: ReturnType<typeof buildJsonReport>): ReportMutant[] {
  return Object.values(report.files).flatMap((file) => file.mutants);
}

describe('the JSON report of a run with harmless mutants', () => {
  it('should stay valid against mutation-testing-report-schema', () => {
    const report = buildJsonReport(makeHarmlessRun(), { env: NO_ENV });

    expect(reportSchemaErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });

  it('should write harmless mutants Ignored, so the schema metrics score them nowhere', () => {
    const plain = buildJsonReport(makeRun(), { env: NO_ENV });
    const report = buildJsonReport(makeHarmlessRun(), { env: NO_ENV });
    const harmless = mutantsOf(report).filter((mutant) => mutant.harmless !== undefined);

    expect(harmless.map((mutant) => [mutant.id, mutant.status, mutant.harmless?.status])).toEqual([
      ['h02', 'Ignored', 'Killed'],
      ['h03', 'Ignored', 'Survived'],
      ['h04', 'Ignored', 'Survived'],
      ['h01', 'Ignored', 'Killed'],
    ]);
    expect(harmless[0]?.statusReason).toMatch(
      /^harmless mutant, Brittle: a91f_0_0 failed: expected/,
    );
    expect(harmless[1]?.statusReason).toBe('harmless mutant: the suite stayed green, as it should');
    // What the HTML component and dashboards compute from the schema members alone.
    const score = (r: typeof report): number =>
      calculateMetrics(r.files as unknown as Parameters<typeof calculateMetrics>[0]).metrics
        .mutationScore;
    expect(score(report)).toBe(score(plain));
    expect(report.envelopeMutants.mutationScore).toBe(plain.envelopeMutants.mutationScore);
    expect(report.envelopeMutants.namedKillScore).toBe(plain.envelopeMutants.namedKillScore);
  });

  it('should carry the brittleness figure with each brittle test and its hint', () => {
    const report = buildJsonReport(makeHarmlessRun(), { env: NO_ENV });

    expect(report.envelopeMutants.brittleness).toMatchObject({
      harmless: 4,
      brittle: 2,
      percent: 50,
      tests: [
        { test: 'a91f_0_0', hint: expect.stringMatching(/^assert the members you need/) },
        { test: 'a91f_0_1', hint: expect.stringMatching(/^this snapshot fails on a reworded/) },
      ],
    });
    expect(buildJsonReport(makeRun(), { env: NO_ENV }).envelopeMutants).not.toHaveProperty(
      'brittleness',
    );
  });

  it('should read back as the run it was built from, verdicts of harmless mutants included', () => {
    const run = makeHarmlessRun();
    const report = buildJsonReport(run, { env: NO_ENV });

    const back = runFromReport(JSON.parse(JSON.stringify(report)) as typeof report);

    const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);
    expect([...back.mutants].sort(byId)).toEqual([...run.mutants].sort(byId));
    expect(mergeReports([report], { env: NO_ENV }).envelopeMutants.brittleness).toEqual(
      report.envelopeMutants.brittleness,
    );
  });
});

describe('the HTML report of a run with harmless mutants', () => {
  it('should show the brittleness figure and the brittle tests in its header', () => {
    const html = buildHtmlReport(buildJsonReport(makeHarmlessRun(), { env: NO_ENV }));

    expect(html).toContain(
      '<span class="score" id="brittleness">Brittle <b>50.00%</b> (2 / 4 harmless mutants)</span>',
    );
    expect(html).toContain('<summary>Brittle tests (2)</summary>');
    expect(html).toContain('this snapshot fails on a reworded message');
    expect(buildHtmlReport(buildJsonReport(makeRun(), { env: NO_ENV }))).not.toContain(
      'id="brittleness"',
    );
  });
});

describe('the gate with thresholds.brittle', () => {
  const thresholds = { high: 80, low: 60, break: 50 };

  it('should fail a run whose brittle percentage is above thresholds.brittle', () => {
    const run = makeHarmlessRun({ thresholds: { ...thresholds, brittle: 49.9 } });

    expect(gateExitCode(run)).toBe(1);
    expect(gateResult(gateInputOf(run)).message).toBe(
      'mutation score 80.00% meets break 50; brittle 50.00% (2 / 4 harmless mutants) is above thresholds.brittle 49.9: gate failed',
    );
  });

  it('should pass at exactly thresholds.brittle, and without the threshold', () => {
    expect(gateExitCode(makeHarmlessRun({ thresholds: { ...thresholds, brittle: 50 } }))).toBe(0);
    expect(gateExitCode(makeHarmlessRun({ thresholds }))).toBe(0);
  });

  it('should not judge brittleness for a run without harmless mutants', () => {
    expect(gateExitCode(makeRun({ thresholds: { ...thresholds, brittle: 0 } }))).toBe(0);
  });
});

describe('the gate of a run that tested only harmless mutants', () => {
  const harmlessOnly = (brittle?: number): ReturnType<typeof makeHarmlessRun> =>
    makeHarmlessRun({
      mutants: HARMLESS,
      thresholds: { high: 80, low: 60, break: 100, ...(brittle === undefined ? {} : { brittle }) },
    });

  it('should not apply break to its n/a score, and judge it by thresholds.brittle alone', () => {
    expect(gateResult(gateInputOf(harmlessOnly())).message).toBe(
      'mutation score n/a: only harmless mutants were tested, break does not apply',
    );
    expect(gateExitCode(harmlessOnly())).toBe(0);
    expect(gateExitCode(harmlessOnly(50))).toBe(0);
    expect(gateExitCode(harmlessOnly(0))).toBe(1);
  });

  it('should still fail a run that tested nothing at all under break', () => {
    expect(
      gateExitCode(makeRun({ mutants: [], thresholds: { high: 80, low: 60, break: 1 } })),
    ).toBe(1);
  });
});
