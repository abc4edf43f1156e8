import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/report/mutant-outcome.js';

describe('outcomeOf', () => {
  it('should call a kill without killedAt unnamed', () => {
    expect(outcomeOf({ status: 'Killed' })).toBe('killed unnamed');
  });

  it('should tell named, elsewhere and unnamed kills apart', () => {
    const at = { test: 't' };

    expect(
      outcomeOf({ status: 'Killed', killedAt: { ...at, rule: 'jsonrpc.id', named: true } }),
    ).toBe('killed named');
    expect(
      outcomeOf({ status: 'Killed', killedAt: { ...at, rule: 'jsonrpc.id', named: false } }),
    ).toBe('killed elsewhere');
    expect(outcomeOf({ status: 'Killed', killedAt: { ...at, rule: null, named: false } })).toBe(
      'killed unnamed',
    );
  });

  it.each([
    ['Survived', 'survived'],
    ['Timeout', 'timeout'],
    ['NoCoverage', 'no coverage'],
    ['RuntimeError', 'runtime error'],
    ['Ignored', 'ignored'],
    ['Pending', 'pending'],
  ] as const)('should map %s to %s', (status, outcome) => {
    expect(outcomeOf({ status })).toBe(outcome);
  });
});
