import { describe, expect, it } from 'vitest';
import { allOf, type Reporter } from '../../src/runner/reporter.js';
import { mutantResult } from './mutant-result-fixture.js';

/** A reporter that notes each hook it is told, by name, under `name`. */
function noting(name: string, told: string[]): Reporter {
  return {
    onPhase: (phase) => void told.push(`${name} phase ${phase}`),
    onRoundsStart: (total) => void told.push(`${name} rounds ${total}`),
    onMutantTested: (result) => void told.push(`${name} tested ${result.id}`),
    onConfirmStart: (count, scope) => void told.push(`${name} confirm ${count} ${scope}`),
    onAllMutantsTested: () => void told.push(`${name} all`),
  };
}

describe('allOf', () => {
  it('should tell every reporter each hook, in the order the reporters were given', () => {
    // Arrange
    const told: string[] = [];
    const reporter = allOf([noting('a', told), noting('b', told)]);
    // Act
    reporter.onPhase('discover');
    reporter.onRoundsStart(1);
    reporter.onMutantTested(mutantResult('m1', 'Killed'));
    reporter.onConfirmStart(1, 'all');
    reporter.onAllMutantsTested();
    // Assert
    expect(told).toEqual([
      'a phase discover',
      'b phase discover',
      'a rounds 1',
      'b rounds 1',
      'a tested m1',
      'b tested m1',
      'a confirm 1 all',
      'b confirm 1 all',
      'a all',
      'b all',
    ]);
  });

  it('should skip the hooks a reporter leaves out', () => {
    // Arrange
    const told: string[] = [];
    const reporter = allOf([{}, noting('b', told)]);
    // Act
    reporter.onPool({ pool: 'project', reason: 'asked' });
    reporter.onMutantConfirmed(mutantResult('m2', 'Killed'));
    reporter.onLeakedProcesses([7]);
    reporter.onPhase('check-pool');
    // Assert
    expect(told).toEqual(['b phase check-pool']);
  });
});
