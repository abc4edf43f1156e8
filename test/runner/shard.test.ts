import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { isInShard, parseShard } from '../../src/runner/shard.js';

describe('parseShard', () => {
  test('should read i/n', () => {
    // Act / Assert
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
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
