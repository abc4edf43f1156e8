import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { readFuzzOptions } from '../../src/fuzz/read-fuzz-options.js';

const DECODER = { name: 'd', sanitizes: false, createSession: () => undefined };

function errorOf(decoder: unknown, options: unknown): unknown {
  try {
    readFuzzOptions('api', decoder, options);
  } catch (error) {
    return error;
  }
  throw new Error('expected a ConfigError');
}

describe('readFuzzOptions', () => {
  it('should fill the defaults: mcp-2025-11-25, 1000 runs, a 50 ms deadline and a random 31-bit seed', () => {
    // Act
    const read = readFuzzOptions('api', DECODER, {});

    // Assert
    expect(read).toStrictEqual({
      profile: 'mcp-2025-11-25',
      runs: 1000,
      seed: read.seed,
      deadlineMs: 50,
    });
    expect(Number.isInteger(read.seed)).toBe(true);
    expect(read.seed).toBeGreaterThanOrEqual(0);
    expect(read.seed).toBeLessThan(0x7fffffff);
  });

  it('should draw a fresh seed for every call without one', () => {
    // Act
    const seeds = new Set(
      Array.from({ length: 5 }, () => readFuzzOptions('api', DECODER, {}).seed),
    );

    // Assert
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('should keep every value given', () => {
    // Act
    const read = readFuzzOptions('api', DECODER, {
      profile: 'jsonrpc-2.0',
      runs: 1,
      seed: Number.MIN_SAFE_INTEGER,
      deadlineMs: 1,
      path: '12:0:3',
    });

    // Assert
    expect(read).toStrictEqual({
      profile: 'jsonrpc-2.0',
      runs: 1,
      seed: Number.MIN_SAFE_INTEGER,
      deadlineMs: 1,
      path: '12:0:3',
    });
  });

  it.each([
    ['0', '0'],
    ['a single index', '7'],
  ])('should accept the path %s', (_label, path) => {
    expect(readFuzzOptions('api', DECODER, { seed: 1, path }).path).toBe(path);
  });

  it.each([
    [
      'a decoder that is null',
      null,
      {},
      'api: the decoder should be an object with a createSession() function, a boolean sanitizes and, if any, a string name, received null. See the Decoder interface.',
    ],
    [
      'a decoder that is an array',
      [],
      {},
      'api: the decoder should be an object with a createSession() function, a boolean sanitizes and, if any, a string name, received an array. See the Decoder interface.',
    ],
    [
      'a decoder whose name is not a string',
      { ...DECODER, name: 42 },
      {},
      'api: the decoder should be an object with a createSession() function, a boolean sanitizes and, if any, a string name, received object. See the Decoder interface.',
    ],
    [
      'options that are null',
      DECODER,
      null,
      'api: options should be an object, received null. Pass {} for the defaults.',
    ],
    [
      'options that are a string',
      DECODER,
      'fast',
      'api: options should be an object, received "fast". Pass {} for the defaults.',
    ],
    [
      'an unknown profile',
      DECODER,
      { profile: 'mcp-1999' },
      'api: profile should be one of jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28, received "mcp-1999". Leave it out for mcp-2025-11-25.',
    ],
    [
      'runs of 0',
      DECODER,
      { runs: 0 },
      'api: runs should be an integer ≥ 1, received 0. Give a whole number.',
    ],
    [
      'runs given as a string',
      DECODER,
      { runs: '10' },
      'api: runs should be an integer ≥ 1, received "10". Give a whole number.',
    ],
    [
      'runs past 2^53',
      DECODER,
      { runs: 2 ** 53 },
      'api: runs should be an integer ≥ 1, received 9007199254740992. Give a whole number.',
    ],
    [
      'a boolean seed',
      DECODER,
      { seed: true },
      `api: seed should be an integer ≥ ${Number.MIN_SAFE_INTEGER}, received true. Give a whole number.`,
    ],
    [
      'a deadline of 0',
      DECODER,
      { deadlineMs: 0 },
      'api: deadlineMs should be an integer ≥ 1, received 0. Give a whole number.',
    ],
    [
      'a path that is a number',
      DECODER,
      { seed: 1, path: 12 },
      'api: path should be a fast-check path like "12:0:3", received 12. Copy it from the counterexample\'s replay line.',
    ],
    [
      'a path with a trailing colon',
      DECODER,
      { seed: 1, path: '1:' },
      'api: path should be a fast-check path like "12:0:3", received "1:". Copy it from the counterexample\'s replay line.',
    ],
    [
      'a path with a prefix',
      DECODER,
      { seed: 1, path: 'x1:2' },
      'api: path should be a fast-check path like "12:0:3", received "x1:2". Copy it from the counterexample\'s replay line.',
    ],
    [
      'a path with an object',
      DECODER,
      { seed: 1, path: {} },
      'api: path should be a fast-check path like "12:0:3", received object. Copy it from the counterexample\'s replay line.',
    ],
    [
      'a path without a seed',
      DECODER,
      { path: '1:2' },
      'api: path 1:2 was given without a seed. Pass the seed printed with the counterexample too.',
    ],
  ])('should reject %s with a ConfigError', (_label, decoder, options, message) => {
    // Act
    const error = errorOf(decoder, options);

    // Assert
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(message);
  });
});
