import { describe, expect, test } from 'vitest';
import { filesCopiesWouldShare } from '../../src/engine/files-copies-would-share.js';
import { EMPTY_OUTCOME } from '../../src/engine/round-outcome.js';

describe('filesCopiesWouldShare', () => {
  test('should name up to three files the discovery run wrote, and count the others', () => {
    const written = ['a.json', 'b.json', 'data/c.json', 'data/d.json', 'e.log'];
    expect(filesCopiesWouldShare({ ...EMPTY_OUTCOME, writtenFiles: written })).toBe(
      'its tests write in the project (a.json, b.json, data/c.json, and 2 more), which copies of a file side by side would share: each file runs alone in a round',
    );
    expect(filesCopiesWouldShare({ ...EMPTY_OUTCOME, writtenFiles: ['state.json'] })).toContain(
      '(state.json)',
    );
  });

  test('should find nothing to share where the run wrote nothing or was not looked at', () => {
    expect(filesCopiesWouldShare({ ...EMPTY_OUTCOME, writtenFiles: [] })).toBeNull();
    expect(filesCopiesWouldShare(EMPTY_OUTCOME)).toBeNull();
  });
});
