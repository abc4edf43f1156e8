import { describe, expect, it } from 'vitest';
import { gateExitCode, gateResult } from '../../src/report/gate.js';
import { killedNamed, killedUnnamed, makeRun, makeRunOf, survived } from '../support/make-run.js';

const THRESHOLDS = { high: 80, low: 60, break: 50 };

describe('gateExitCode', () => {
  it('should pass a run whose mutation score meets break and fail one below it', () => {
    const passing = makeRunOf(killedUnnamed(), 2);
    const failing = makeRunOf(survived(), 2);

    expect(gateExitCode(passing)).toBe(0);
    expect(gateExitCode(failing)).toBe(1);
  });

  it('should judge the named-kill score under strict', () => {
    const unnamedKills = makeRunOf(killedUnnamed(), 2);

    expect(gateExitCode({ ...unnamedKills, strict: false })).toBe(0);
    expect(gateExitCode({ ...unnamedKills, strict: true })).toBe(1);
    expect(gateExitCode({ ...makeRunOf(killedNamed(), 2), strict: true })).toBe(0);
  });

  it('should pass exactly at break and fail just below it', () => {
    // The fixture run: mutation score 80, named-kill score 50.
    expect(gateExitCode(makeRun({ thresholds: { ...THRESHOLDS, break: 80 } }))).toBe(0);
    expect(gateExitCode(makeRun({ thresholds: { ...THRESHOLDS, break: 80.01 } }))).toBe(1);
    expect(gateExitCode(makeRun({ strict: true, thresholds: { ...THRESHOLDS, break: 50 } }))).toBe(
      0,
    );
    expect(gateExitCode(makeRun({ strict: true, thresholds: { ...THRESHOLDS, break: 51 } }))).toBe(
      1,
    );
  });

  it('should fail an incomplete run even with a perfect score', () => {
    const run = makeRunOf(killedNamed(), 2);

    expect(gateExitCode({ ...run, complete: false })).toBe(1);
    expect(gateExitCode(run)).toBe(0);
  });

  it('should pass without a break threshold, as Stryker does', () => {
    expect(
      gateExitCode({ ...makeRunOf(survived(), 2), thresholds: { ...THRESHOLDS, break: null } }),
    ).toBe(0);
    expect(gateExitCode(makeRun({ mutants: [], thresholds: { ...THRESHOLDS, break: null } }))).toBe(
      0,
    );
  });

  it('should fail a break threshold when nothing was tested (no valid mutant)', () => {
    // Arrange
    const empty = makeRun({ mutants: [], thresholds: THRESHOLDS });
    // Act
    const result = gateResult({
      thresholds: THRESHOLDS,
      strict: false,
      complete: true,
      mutationScore: Number.NaN,
      namedKillScore: Number.NaN,
    });
    // Assert
    expect(gateExitCode(empty)).toBe(1);
    expect(result.exitCode).toBe(1);
    expect(result.message).toMatch(/^nothing was tested/);
  });

  it('should say which score decided and why', () => {
    const result = gateResult({
      thresholds: THRESHOLDS,
      strict: true,
      complete: true,
      mutationScore: 90,
      namedKillScore: 42,
    });

    expect(result.message).toBe('named-kill score 42.00% is below break 50: gate failed');
  });
});

const INPUT = {
  thresholds: { high: 80, low: 60, break: 50 },
  strict: false,
  complete: true,
  mutationScore: 80,
  namedKillScore: 42,
};

describe('gateResult messages', () => {
  it('should pass and say so when no break threshold is set', () => {
    const result = gateResult({ ...INPUT, thresholds: { high: 80, low: 60, break: null } });

    expect(result).toEqual({
      exitCode: 0,
      scoreName: 'mutation score',
      score: 80,
      message: 'mutation score 80.00%; no break threshold set',
    });
  });

  it('should fail an incomplete run and say why', () => {
    const result = gateResult({ ...INPUT, complete: false });

    expect(result.exitCode).toBe(1);
    expect(result.message).toBe(
      'partial run (interrupted before every mutant was tested): no score, gate failed',
    );
  });

  it('should say the score meets break when it does (negative control)', () => {
    expect(gateResult(INPUT).message).toBe('mutation score 80.00% meets break 50');
  });
});
