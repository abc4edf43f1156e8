import { describe, expect, it } from 'vitest';
import { gateResult } from '../../src/report/gate.js';

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
