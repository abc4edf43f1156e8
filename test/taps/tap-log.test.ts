import { afterEach, describe, expect, test } from 'vitest';
import { tapLog } from '../../src/taps/tap-log.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { clearTapState } from '../../src/taps/tap-state.js';
import { RECORD, stateFor } from './controlled-tap-state.js';

afterEach(() => clearTapState());

describe('tapLog outside a mutation run', () => {
  test('should return the line unchanged', () => {
    expect(tapLog('tools/call 2 failed: internal')).toBe('tools/call 2 failed: internal');
  });
});

describe('tapLog in a discovery run', () => {
  test('should record each line as a log site keyed by test, label and ordinal', () => {
    // Arrange
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    // Act
    tapLog('first');
    tapLog('second', { label: 'stderr' });
    tapLog('third', 'boot-line');
    tapLog('fourth');
    // Assert
    expect(state.tests.get('t1')?.sites).toEqual([
      { key: 't1#log#0', kind: 'log', value: 'first', check: {} },
      { key: 't1#stderr#0', kind: 'log', value: 'second', check: {} },
      { key: 'boot-line', kind: 'log', value: 'third', check: {} },
      { key: 't1#log#1', kind: 'log', value: 'fourth', check: {} },
    ]);
  });
});

describe('tapLog in a mutation round', () => {
  test('should return the planned mutant of its site and note the mutant as applied', () => {
    // Arrange
    const plan: TapPlan = {
      mode: 'mutate',
      root: '/project',
      mutations: { 't1#log#1': { mutantId: 'm1', value: 'second CANARY-abcdefgh12' } },
    };
    const { state, enter } = stateFor(plan);
    enter('t1');
    // Act
    const lines = [tapLog('first'), tapLog('second')];
    // Assert
    expect(lines).toEqual(['first', 'second CANARY-abcdefgh12']);
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
  });
});
