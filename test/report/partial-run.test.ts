import { describe, expect, it } from 'vitest';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import { buildHtmlReport } from '../../src/report/build-html-report.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { buildConsoleSummary } from '../../src/report/console-summary.js';
import { gateExitCode, gateInputOf, gateResult } from '../../src/report/gate.js';
import { killedNamed, makeRunOf } from '../support/make-run.js';

/** An interrupted run: 7 mutants killed, 149 never tested, as a Ctrl-C at about 5 % leaves it. */
function partialRun(): MutationRun {
  const run = makeRunOf(killedNamed(), 156);
  const mutants = run.mutants.map((mutant, index) =>
    index < 7
      ? mutant
      : {
          ...mutant,
          status: 'Pending' as const,
          statusReason: 'the run was interrupted first',
          killedBy: [],
        },
  );
  return { ...run, mutants, complete: false };
}

const SCORE = /\d+\.\d\d%/;

describe('a partial run', () => {
  it('should say in the console how far it got, and print no score', () => {
    // Act
    const text = buildConsoleSummary(partialRun());
    // Assert: 7 kills of 7 tested read as 100.00% before.
    expect(text).toContain(
      '\npartial run: 7 of 156 mutants tested; no score (the run was interrupted)\n',
    );
    expect(text).toContain('pending 149');
    expect(text).not.toMatch(SCORE);
    expect(text).not.toContain('mutation score');
    // Negative control: the same mutants, complete, print their score.
    expect(buildConsoleSummary({ ...partialRun(), complete: true })).toMatch(SCORE);
  });

  it('should fail the gate, saying the run was interrupted', () => {
    // Act
    const gate = gateResult(gateInputOf(partialRun()));
    // Assert
    expect(gateExitCode(partialRun())).toBe(1);
    expect(gate.message).toBe(
      'partial run (interrupted before every mutant was tested): no score, gate failed',
    );
  });

  it('should write no score in the JSON and HTML reports, and say it is partial', () => {
    // Act
    const report = buildJsonReport(partialRun(), { env: {} });
    const html = buildHtmlReport(report);
    // Assert
    expect(report.envelopeMutants).toMatchObject({
      complete: false,
      mutationScore: null,
      namedKillScore: null,
    });
    expect(html).toContain('Partial run: <b>7 of 156</b> mutants tested; no score');
    expect(html).toContain('<title>envelope-mutants · partial run</title>');
    expect(html).not.toContain('id="mutation-score"');
    // Negative control: complete, the same mutants score.
    const complete = buildJsonReport({ ...partialRun(), complete: true }, { env: {} });
    expect(complete.envelopeMutants.mutationScore).toBe(100);
  });
});
