import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import {
  assertMutantsInShard,
  isInShard,
  parseShard,
  shardedRunMark,
} from '../../src/engine/shard.js';

describe('parseShard', () => {
  test('should read i/n', () => {
    // Act / Assert
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
  });

  test('should read i/n with the blanks a CI matrix leaves around it', () => {
    // Act / Assert
    expect(parseShard(' 1/1\n')).toEqual({ index: 1, count: 1 });
  });

  test('should say what it expected and how to write it when the value is not i/n', () => {
    // Act / Assert
    expect(() => parseShard('1-4')).toThrow(
      '--shard: expected i/n but received "1-4". Pass e.g. --shard 1/4 (shards count from 1).',
    );
  });

  test.each(['1/99999999999999999999', '99999999999999999999/1'])(
    'should refuse %j, a number too large to be exact, as not i/n',
    (value) => {
      // Act / Assert
      expect(() => parseShard(value)).toThrow(/^--shard: expected i\/n/);
    },
  );

  test('should read numbers of several digits', () => {
    // Act / Assert
    expect(parseShard('10/12')).toEqual({ index: 10, count: 12 });
  });

  test.each([
    ['3/2', '--shard: shard 3 of 2 does not exist. Pass i/n with 1 ≤ i ≤ n, e.g. --shard 1/2.'],
    ['2/5', undefined],
    ['6/5', '--shard: shard 6 of 5 does not exist. Pass i/n with 1 ≤ i ≤ n, e.g. --shard 1/5.'],
    ['5/5', undefined],
    ['0/5', '--shard: shard 0 of 5 does not exist. Pass i/n with 1 ≤ i ≤ n, e.g. --shard 1/5.'],
    ['1/0', '--shard: shard 1 of 0 does not exist. Pass i/n with 1 ≤ i ≤ n, e.g. --shard 1/2.'],
  ])('should judge %j against 1 ≤ i ≤ n', (value, message) => {
    // Act
    const act = (): unknown => parseShard(value);
    // Assert
    if (message === undefined) expect(act).not.toThrow();
    else expect(act).toThrow(message);
  });

  test.each(['3/2', '0/2', 'x', '1/0', '1/2/3', '-1/2', ''])(
    'should refuse %j with a ConfigError',
    (value) => {
      // Act
      const act = (): unknown => parseShard(value);
      // Assert
      expect(act).toThrow(/^--shard: /);
      try {
        act();
      } catch (error) {
        expect(isConfigError(error)).toBe(true);
      }
    },
  );
});

describe('isInShard', () => {
  const hexId = fc.stringMatching(/^[0-9a-f]{12}$/);

  test('should put every mutant in exactly one shard of n', () => {
    fc.assert(
      fc.property(hexId, fc.integer({ min: 1, max: 16 }), (id, count) => {
        // Act
        const shards = Array.from({ length: count }, (_, i) => i + 1).filter((index) =>
          isInShard(id, { index, count }),
        );
        // Assert
        expect(shards).toHaveLength(1);
      }),
    );
  });

  test('should put an id that is not hex in shard 1, so that no shard drops it', () => {
    // Act
    const shards = [1, 2, 3].map((index) => isInShard('not-a-hash', { index, count: 3 }));
    // Assert
    expect(shards).toEqual([true, false, false]);
  });

  test('should read only the first 12 hex digits, where a double is still exact', () => {
    // Arrange: a 13th digit would make it 1 (shard 2 of 3); the first 12 make 0.
    const id = '0000000000001';
    // Act
    const inShard = [1, 2, 3].map((index) => isInShard(id, { index, count: 3 }));
    // Assert
    expect(inShard).toEqual([true, false, false]);
  });

  test('should keep every mutant without a shard', () => {
    fc.assert(fc.property(hexId, (id) => isInShard(id, undefined)));
  });

  test('should split by id, not put every mutant in shard 1', () => {
    // Act
    const inFirst = ['000000000000', '000000000001', '000000000002', '000000000003'].map((id) =>
      isInShard(id, { index: 1, count: 2 }),
    );
    // Assert
    expect(inFirst).toEqual([true, false, true, false]);
  });
});

describe('assertMutantsInShard', () => {
  // Ids whose first 12 hex digits are 0 and 1: shards 1 and 2 of 2.
  const IN_FIRST = '000000000000aa';
  const IN_SECOND = '000000000001aa';

  test('should pass ids of the shard, and any ids without --shard', () => {
    expect(() => assertMutantsInShard([IN_FIRST], { index: 1, count: 2 })).not.toThrow();
    expect(() => assertMutantsInShard([IN_FIRST, IN_SECOND], undefined)).not.toThrow();
    expect(() => assertMutantsInShard([], { index: 2, count: 2 })).not.toThrow();
  });

  test('should refuse an id the shard leaves out, naming its own shard', () => {
    let error: unknown;
    try {
      assertMutantsInShard([IN_SECOND], { index: 1, count: 2 });
    } catch (caught) {
      error = caught;
    }
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `--mutant: ${IN_SECOND} (shard 2/2) not in --shard 1/2: this run would test nothing. Drop --shard to run a mutant by its id, or pass its own shard.`,
    );
    expect(() => assertMutantsInShard([IN_FIRST, IN_SECOND], { index: 1, count: 2 })).toThrow(
      /only some of them/,
    );
  });
});

describe('shardedRunMark', () => {
  const inputs = {
    mutantIds: ['b2', 'a1'],
    mutators: [
      { name: 'change-id', version: 1 },
      { name: 'remove-is-error', version: 1 },
    ],
    labels: new Map([['status', 'mcp.is-error']]),
    timeoutMs: 5_000,
    timeoutFactor: 1.5,
  };

  test('should be the same for one run, whatever order its lists come in', () => {
    const mark = shardedRunMark(inputs);
    expect(mark).toMatch(/^[0-9a-f]{16}$/);
    expect(
      shardedRunMark({
        ...inputs,
        mutantIds: ['a1', 'b2'],
        mutators: [...inputs.mutators].reverse(),
      }),
    ).toBe(mark);
  });

  test.each([
    ['another mutant', { mutantIds: ['a1', 'c3'] }],
    ['another mutator', { mutators: [{ name: 'change-id', version: 1 }] }],
    ['a new version of a mutator', { mutators: [{ name: 'change-id', version: 2 }] }],
    ['other labels', { labels: new Map([['status', 'jsonrpc.id']]) }],
    ['another timeout', { timeoutMs: 9_000 }],
    ['another timeout factor', { timeoutFactor: 2 }],
  ])('should change with %s', (_what, change) => {
    expect(shardedRunMark({ ...inputs, ...change })).not.toBe(shardedRunMark(inputs));
  });
});
