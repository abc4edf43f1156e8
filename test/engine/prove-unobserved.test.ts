import { describe, expect, test } from 'vitest';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { proveUnobserved } from '../../src/engine/prove-unobserved.js';
import type { ReadLog } from '../../src/taps/tap-protocol.js';

const ORIGINAL = { jsonrpc: '2.0', id: 1, result: { isError: true } };

function entry(id: string, value: unknown, testIds: readonly string[] = ['t1']): RoundMutant {
  return {
    mutant: {
      id,
      siteKey: 't1#0',
      mutatorName: 'change-id',
      variantIndex: 0,
      replacement: '',
      path: ['id'],
      value,
    },
    site: {
      key: 't1#0',
      kind: 'envelope',
      file: 'a.test.ts',
      testIds,
      fileLevel: false,
      value: ORIGINAL,
      check: {},
    },
    expectedKillers: ['jsonrpc.id'],
  };
}

/** The suite read `result.isError` and nothing else. */
const READ_IS_ERROR: ReadLog = {
  reads: [
    { op: 'value', path: [] },
    { op: 'value', path: ['result'] },
    { op: 'value', path: ['result', 'isError'] },
  ],
};

describe('proveUnobserved', () => {
  test('should call Survived, without a run, a mutant of a member the suite never read', () => {
    // Arrange
    const idChanged = entry('m1', { ...ORIGINAL, id: 2 });
    const isErrorFlipped = entry('m2', { ...ORIGINAL, result: { isError: false } });
    // Act
    const { proven, rest } = proveUnobserved(
      [idChanged, isErrorFlipped],
      new Map([['t1#0', READ_IS_ERROR]]),
    );
    // Assert
    expect(proven).toEqual([
      expect.objectContaining({
        id: 'm1',
        status: 'Survived',
        verdictSource: 'unobserved',
        coveredBy: ['t1'],
        statusReason: expect.stringContaining('the suite read result, result.isError') as unknown,
      }),
    ]);
    expect(rest).toEqual([isErrorFlipped]);
  });

  test.each([
    ['no reads were tracked', undefined],
    ['the site has no log', new Map<string, ReadLog>()],
    ['its log is opaque', new Map([['t1#0', { reads: [], opaque: 'the suite wrote to it' }]])],
  ])('should prove nothing when %s', (_, reads) => {
    // Arrange
    const idChanged = entry('m1', { ...ORIGINAL, id: 2 });
    // Act
    const { proven, rest } = proveUnobserved([idChanged], reads);
    // Assert
    expect(proven).toEqual([]);
    expect(rest).toEqual([idChanged]);
  });

  test('should leave a site no passing test reaches to its run', () => {
    // Arrange
    const uncovered = entry('m1', { ...ORIGINAL, id: 2 }, []);
    // Act
    const { proven } = proveUnobserved([uncovered], new Map([['t1#0', READ_IS_ERROR]]));
    // Assert
    expect(proven).toEqual([]);
  });
});
