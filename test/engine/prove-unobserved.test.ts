import { describe, expect, test } from 'vitest';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { proveUnobserved, readsAgree } from '../../src/engine/prove-unobserved.js';
import type { Read, ReadLog } from '../../src/taps/tap-protocol.js';

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

const ENTRY_TEMPLATE = entry('m0', ORIGINAL);

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
        killedBy: [],
        statusReason: expect.stringContaining('the suite read result, result.isError') as unknown,
      }),
    ]);
    expect(rest).toEqual([isErrorFlipped]);
  });

  test.each([
    ['no reads were tracked', undefined],
    ['no site has a log', new Map<string, ReadLog>()],
    ['only another site has a log', new Map([['t2#0', { reads: [] }]])],
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

describe('readsAgree', () => {
  const value = (...path: string[]): Read => ({ op: 'value', path });
  const has = (...path: string[]): Read => ({ op: 'has', path });
  const keys = (...path: string[]): Read => ({ op: 'keys', path });
  const match = (among: unknown[], otherwise = 0): Read => ({
    op: 'match',
    path: ['id'],
    among,
    otherwise,
  });

  test.each<[string, Read, unknown, unknown, boolean]>([
    ['a primitive read alike', value('id'), { id: 1 }, { id: 1 }, true],
    ['a primitive of another value', value('id'), { id: 1 }, { id: 2 }, false],
    ['a primitive of another type', value('id'), { id: 1 }, { id: '1' }, false],
    ['null where the member was absent', value('id'), {}, { id: null }, false],
    ['an object for another object', value('result'), { result: { a: 1 } }, { result: {} }, true],
    ['an array for an object', value('result'), { result: {} }, { result: [] }, false],
    ['an object for a primitive', value('result'), { result: 1 }, { result: {} }, false],
    ['a member under a primitive', value('result', 'x'), { result: 1 }, { result: 1 }, true],
    ['an array length', value('content', 'length'), { content: [1] }, { content: [1, 2] }, false],
    ['a member present in both', has('error'), { error: 1 }, { error: 2 }, true],
    ['a member removed', has('error'), { error: 1 }, {}, false],
    ['a member on a primitive parent', has('result', 'x'), { result: 1 }, { result: 2 }, true],
    ['a member of an absent parent', has('result', 'x'), {}, {}, true],
    // `'length' in "x"` throws where the original's object answered: not the same run.
    [
      'a parent turned into a string',
      has('result', 'length'),
      { result: { length: 1 } },
      { result: 'x' },
      false,
    ],
    ['a member under an absent member', value('result', 'x'), {}, { result: 1 }, true],
    ['a member under null', value('error', 'code'), { error: null }, { error: null }, true],
    ['member names of null', keys('error'), { error: null }, { error: {} }, false],
    ['the same member names', keys(), { a: 1, b: 2 }, { a: 3, b: 4 }, true],
    ['member names in another order', keys(), { a: 1, b: 2 }, { b: 2, a: 1 }, false],
    ['member names of a primitive', keys('a'), { a: 1 }, { a: {} }, false],
    ['an id that picks the same request', match([1, 2]), { id: 2 }, { id: 2 }, true],
    ['an id that picks another request', match([1, 2]), { id: 2 }, { id: 1 }, false],
    ['an unknown id, settled as the oldest', match([1]), { id: 1 }, { id: 9 }, true],
    ['an unknown id, settled otherwise', match([1], 5), { id: 1 }, { id: 9 }, false],
    ['an id gone, settled as the oldest', match([1]), { id: 1 }, {}, true],
  ])('should answer %s as %s', (_, read, original, mutated, agree) => {
    expect(readsAgree([read], original, mutated)).toBe(agree);
  });

  test.each<[string, Read[], string]>([
    ['nothing but the envelope itself', [value(), has('x')], 'the suite read nothing of it,'],
    [
      'which request an id answers',
      [match([1])],
      'the suite read id (only which request it answers),',
    ],
    [
      'six members, all named',
      'abcdef'.split('').map((key) => value(key)),
      'the suite read a, b, c, d, e, f,',
    ],
  ])('should name in the verdict %s', (_, reads, reason) => {
    // Act
    const { proven } = proveUnobserved([entry('m1', ORIGINAL)], new Map([['t1#0', { reads }]]));
    // Assert
    expect(proven[0]?.statusReason).toContain(reason);
  });

  test('should name what the suite read in the verdict, at most six members', () => {
    // Arrange
    const reads: Read[] = [keys(), ...'abcdefgh'.split('').map((key) => value(key))];
    const entry = (value: unknown): RoundMutant => ({
      ...ENTRY_TEMPLATE,
      mutant: { ...ENTRY_TEMPLATE.mutant, value },
    });
    // Act
    const { proven } = proveUnobserved(
      [entry({ ...ORIGINAL })],
      new Map([['t1#0', { reads: [...reads, match([1]), has('x')] }]]),
    );
    // Assert
    expect(proven[0]?.statusReason).toContain(
      'the suite read the member names of the envelope, a, b, c, d, e and 4 more, and each',
    );
  });
});
