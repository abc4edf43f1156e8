import { describe, expect, it } from 'vitest';
import { integerFlag } from '../../src/cli/config-flags.js';

describe('integerFlag', () => {
  it('should read decimal integers, signs and surrounding spaces included', () => {
    expect(integerFlag('--seed', '42')).toBe(42);
    expect(integerFlag('--seed', '-7')).toBe(-7);
    expect(integerFlag('--seed', ' 3 ')).toBe(3);
    expect(integerFlag('--seed', '+5')).toBe(5);
  });

  it('should say a number is below the least the flag takes, or too large', () => {
    expect(() => integerFlag('--runs', '0', { min: 1 })).toThrow(
      '--runs: expected an integer ≥ 1 but received "0". Give a larger number.',
    );
    expect(() => integerFlag('--seed', '9007199254740993')).toThrow(
      '--seed: 9007199254740993 is too large. Give an integer below 2^53.',
    );
    expect(integerFlag('--runs', '1', { min: 1 })).toBe(1);
  });

  it.each(['', ' ', '0x10', '1e3', '0b11', '1.5', 'abc', '--5'])(
    'should refuse %j, which Number() would read as some number or none',
    (value) => {
      // An empty --seed (an unset CI variable) ran with seed 0, silently.
      expect(() => integerFlag('--seed', value)).toThrow(
        `--seed: expected an integer but received "${value}". Give a whole number, e.g. --seed 42.`,
      );
    },
  );
});
