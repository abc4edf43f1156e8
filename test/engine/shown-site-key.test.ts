import { describe, expect, test } from 'vitest';
import { shownSiteKey } from '../../src/engine/shown-site-key.js';

describe('shownSiteKey', () => {
  const tests = new Map([['-12_0', { file: 'a.test.ts', name: 'answers > with its id' }]]);
  const testOf = (id: string) => tests.get(id);

  test("should show a test's key with its file and name for the test's id", () => {
    expect(shownSiteKey('-12_0#in:tools/call#1', testOf)).toBe(
      '"a.test.ts > answers > with its id" #in:tools/call#1',
    );
  });

  test('should show a file-level, explicit or unknown key as it is', () => {
    expect(shownSiteKey('a.test.ts#0', testOf)).toBe('a.test.ts#0');
    expect(shownSiteKey('tools/call:charge', testOf)).toBe('tools/call:charge');
    expect(shownSiteKey('-99_1#0', testOf)).toBe('-99_1#0');
  });
});
