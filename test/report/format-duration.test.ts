import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/report/format-duration.js';

describe('formatDuration', () => {
  it.each([
    [8_449, true, '8.4s'],
    [9_949, true, '9.9s'],
    [9_950, true, '10s'],
    [8_449, false, '8s'],
    [43_700, false, '44s'],
    [59_499, false, '59s'],
    [59_500, false, '1m 00s'],
    [185_000, true, '3m 05s'],
    [-5, true, '0.0s'],
  ])('should write %d ms (tenths: %s) as %s', (ms, tenths, text) => {
    expect(formatDuration(ms, tenths)).toBe(text);
  });
});
