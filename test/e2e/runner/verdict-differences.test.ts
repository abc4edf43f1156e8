import { describe, expect, test } from 'vitest';
import type { ReportedMutant } from '../../support/run-fixture.js';
import { verdictDifferences } from './verdict-differences.js';

const killed = (id: string, rule: string | null): ReportedMutant => ({
  id,
  siteKey: 's',
  mutatorName: 'change-id',
  status: 'Killed',
  killedAt: { test: 't', rule, named: rule !== null },
});
const survived = (id: string): ReportedMutant => ({
  id,
  siteKey: 's',
  mutatorName: 'change-id',
  status: 'Survived',
});

describe('verdictDifferences', () => {
  test('should find no difference between runs that agree on every mutant', () => {
    // Arrange
    const run = [killed('a', 'jsonrpc.id'), survived('b')];
    // Act / Assert
    expect(verdictDifferences(run, [...run].reverse())).toEqual([]);
  });

  test('should report a mutant whose status differs', () => {
    // The negative control of every "default equals --isolate" assertion: one verdict differs.
    const differences = verdictDifferences(
      [killed('a', 'jsonrpc.id'), survived('b')],
      [killed('a', 'jsonrpc.id'), killed('b', null)],
    );
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^b: /);
  });

  test('should report a kill at another rule, and a mutant only one run has', () => {
    const differences = verdictDifferences(
      [killed('a', 'jsonrpc.id'), survived('b')],
      [killed('a', 'jsonrpc.members')],
    );
    expect(differences.map((line) => line.split(':')[0])).toEqual(['a', 'b']);
  });
});
