import { describe, expect, it } from 'vitest';
import { integerFlag } from '../../src/cli/config-flags.js';

describe('integerFlag', () => {
  it('should read decimal integers, signs and surrounding spaces included', () => {
    expect(integerFlag('--seed', '42')).toBe(42);
    expect(integerFlag('--seed', '-7')).toBe(-7);
    expect(integerFlag('--seed', ' 3 ')).toBe(3);
  });

  it.each(['', ' ', '0x10', '1e3', '0b11', '1.5', 'abc', '9007199254740993'])(
    'should refuse %j, which Number() would read as some number or none',
    (value) => {
      // An empty --seed (an unset CI variable) ran with seed 0, silently.
      expect(() => integerFlag('--seed', value)).toThrow(
        `--seed: expected an integer but received "${value}". Pass e.g. --seed 42.`,
      );
    },
  );
});
