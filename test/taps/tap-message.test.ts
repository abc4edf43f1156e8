import { afterEach, describe, expect, test } from 'vitest';
import { tapMessage } from '../../src/taps/tap-message.js';
import { clearTapState } from '../../src/taps/tap-state.js';
import { RECORD, stateFor } from './controlled-tap-state.js';

afterEach(() => clearTapState());

describe('tapMessage outside a mutation run', () => {
  test('should return its input itself', () => {
    const envelope = { jsonrpc: '2.0', id: 1, result: {} };
    expect(tapMessage(envelope, { requestId: 1 })).toBe(envelope);
  });
});

describe('tapMessage site keys', () => {
  test('should key a site by test id and ordinal within the test', () => {
    // Arrange
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    // Act
    tapMessage({ id: 1 });
    tapMessage({ id: 2 });
    enter('t2');
    tapMessage({ id: 3 });
    // Assert
    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual(['t1#0', 't1#1']);
    expect(state.tests.get('t2')?.sites.map((site) => site.key)).toEqual(['t2#0']);
  });

  test('should key a site seen outside any test by its file', () => {
    const { state } = stateFor(RECORD);
    tapMessage({ id: 1 });
    expect(state.fileLog.sites.map((site) => site.key)).toEqual(['test/a.test.ts#0']);
  });

  test('should use an explicit key as given, without consuming an ordinal', () => {
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    tapMessage({ id: 1 }, 'initialize');
    tapMessage({ id: 2 }, { key: 'tools/call', requestId: 2 });
    tapMessage({ id: 3 });
    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual([
      'initialize',
      'tools/call',
      't1#0',
    ]);
  });

  test('should record the envelope and its check context, detached from later changes', () => {
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    const envelope = { jsonrpc: '2.0', id: 1, result: { n: 1 } };
    tapMessage(envelope, { requestId: 1, method: 'tools/call' });
    envelope.result.n = 2;
    expect(state.tests.get('t1')?.sites[0]).toEqual({
      key: 't1#0',
      kind: 'envelope',
      value: { jsonrpc: '2.0', id: 1, result: { n: 1 } },
      check: { requestId: 1, method: 'tools/call' },
    });
  });
});

describe('tapMessage in a mutation round', () => {
  test('should return the planned mutant at its site only, and note that it was applied', () => {
    // Arrange
    const mutated = { jsonrpc: '2.0', id: '1', result: {} };
    const { state, enter } = stateFor({
      mode: 'mutate',
      root: '/project',
      mutations: { 't1#1': { mutantId: 'm1', value: mutated } },
    });
    enter('t1');
    const first = { jsonrpc: '2.0', id: 0, result: {} };
    // Act
    const untouched = tapMessage(first);
    const replaced = tapMessage({ jsonrpc: '2.0', id: 1, result: {} });
    // Assert
    expect(untouched).toBe(first);
    expect(replaced).toEqual(mutated);
    expect(replaced).not.toBe(mutated);
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
  });
});

describe('tapMessage on a value that is not JSON', () => {
  test('should return it and record no site rather than fail the test', () => {
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    const value = { id: 1n };
    expect(tapMessage(value)).toBe(value);
    expect(state.tests.get('t1')?.sites).toEqual([]);
  });
});

describe('tapMessage record kinds', () => {
  test('should record an envelope site with an explicit key or none, with an empty check', () => {
    // Arrange
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    // Act
    tapMessage({ id: 1 }, 'fixture');
    tapMessage({ id: 2 });
    // Assert
    expect(state.tests.get('t1')?.sites).toStrictEqual([
      { key: 'fixture', kind: 'envelope', value: { id: 1 }, check: {} },
      { key: 't1#0', kind: 'envelope', value: { id: 2 }, check: {} },
    ]);
  });
});
