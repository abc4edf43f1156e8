import { describe, expect, it } from 'vitest';
import { allOf, type Reporter } from '../../src/engine/reporter.js';
import { mutantResult } from './mutant-result-fixture.js';

/** A reporter that notes each hook it is told, by name, under `name`. */
function noting(name: string, told: string[]): Reporter {
  return {
    onPhase: (phase) => void told.push(`${name} phase ${phase}`),
    onConcurrentTests: (count) => void told.push(`${name} concurrent ${count}`),
    onPool: (choice) => void told.push(`${name} pool ${choice.pool}`),
    onRoundsStart: (total) => void told.push(`${name} rounds ${total}`),
    onMutantTested: (result) => void told.push(`${name} tested ${result.id}`),
    onConfirmStart: (count, scope, unfinished) =>
      void told.push(`${name} confirm ${count} ${scope} ${unfinished}`),
    onMutantConfirmed: (result) => void told.push(`${name} confirmed ${result.id}`),
    onLeakedProcesses: (pids) => void told.push(`${name} leaked ${pids.join(',')}`),
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
    reporter.onConcurrentTests(3);
    reporter.onPool({ pool: 'vmForks', reason: 'asked' });
    reporter.onRoundsStart(1);
    reporter.onMutantTested(mutantResult('m1', 'Killed'));
    reporter.onConfirmStart(3, 'sample', 2);
    reporter.onMutantConfirmed(mutantResult('m1', 'Killed'));
    reporter.onLeakedProcesses([7, 8]);
    reporter.onAllMutantsTested();
    // Assert
    expect(told).toEqual([
      'a phase discover',
      'b phase discover',
      'a concurrent 3',
      'b concurrent 3',
      'a pool vmForks',
      'b pool vmForks',
      'a rounds 1',
      'b rounds 1',
      'a tested m1',
      'b tested m1',
      'a confirm 3 sample 2',
      'b confirm 3 sample 2',
      'a confirmed m1',
      'b confirmed m1',
      'a leaked 7,8',
      'b leaked 7,8',
      'a all',
      'b all',
    ]);
  });

  it('should skip the hooks a reporter leaves out', () => {
    // Arrange
    const told: string[] = [];
    const reporter = allOf([{}, noting('b', told)]);
    const act = () => {
      for (const each of [allOf([{}]), reporter]) {
        each.onPhase('check-pool');
        each.onConcurrentTests(2);
        each.onPool({ pool: 'project', reason: 'asked' });
        each.onRoundsStart(1);
        each.onMutantTested(mutantResult('m2', 'Killed'));
        each.onConfirmStart(1, 'sample', 1);
        each.onMutantConfirmed(mutantResult('m2', 'Killed'));
        each.onLeakedProcesses([7]);
        each.onAllMutantsTested();
      }
    };
    // Act / Assert
    expect(act).not.toThrow();
    expect(told).toEqual([
      'b phase check-pool',
      'b concurrent 2',
      'b pool project',
      'b rounds 1',
      'b tested m2',
      'b confirm 1 sample 1',
      'b confirmed m2',
      'b leaked 7',
      'b all',
    ]);
  });
});
