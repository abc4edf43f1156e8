import { describe, expect, it } from 'vitest';
import { mutantId } from '../../src/mutant/mutant-id.js';

describe('mutantId', () => {
  it('should give 12 hex digits, the same for the same inputs', () => {
    const id = mutantId('test/a.test.ts > calls#0', 'change-id', 2, 42);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(mutantId('test/a.test.ts > calls#0', 'change-id', 2, 42)).toBe(id);
  });

  it('should pin the id of a known mutant (ids are stable across releases)', () => {
    expect(mutantId('site', 'swap-error-result', 0, 0)).toBe('9f997e96de49');
  });

  it('should change when any of the four inputs changes', () => {
    const base = mutantId('site', 'change-id', 0, 1);
    expect(mutantId('site2', 'change-id', 0, 1)).not.toBe(base);
    expect(mutantId('site', 'corrupt-version', 0, 1)).not.toBe(base);
    expect(mutantId('site', 'change-id', 1, 1)).not.toBe(base);
    expect(mutantId('site', 'change-id', 0, 2)).not.toBe(base);
  });

  it('should not confuse inputs whose concatenation is the same', () => {
    expect(mutantId('a', 'b-c', 0, 1)).not.toBe(mutantId('a-b', 'c', 0, 1));
  });
});
