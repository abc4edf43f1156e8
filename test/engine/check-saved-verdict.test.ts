import { describe, expect, test } from 'vitest';
import { checkSavedVerdict } from '../../src/engine/check-saved-verdict.js';

/** A verdict entry as `save` writes it, with `result` fields replaced by `changes`. */
function savedEntry(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fingerprint: 'f',
    result: {
      id: 'm1',
      siteKey: 'site-m1',
      mutatorName: 'change-id',
      replacement: 'id 1 → 2',
      path: ['result', 0, 'id'],
      status: 'Killed',
      killedBy: ['a1'],
      coveredBy: ['a1'],
      ...changes,
    },
  };
}

describe('checkSavedVerdict', () => {
  test('should give back an entry a run saved (the control)', () => {
    const entry = savedEntry({ statusReason: 'x', verdictSource: 'reused' });
    expect(checkSavedVerdict('m1', entry)).toEqual({ ok: true, verdict: entry });
  });

  test.each<[string, unknown, string]>([
    ['an array', [], 'the entry is an array, not an object'],
    ['a bogus status', savedEntry({ status: 'Bogus' }), 'result.status "Bogus" is not one of'],
    ['a status that is a number', savedEntry({ status: 3 }), 'result.status 3 is not one of'],
    ['no replacement', savedEntry({ replacement: undefined }), 'result.replacement is missing'],
    ['a path of 1.5', savedEntry({ path: [1.5] }), 'result.path is not an array of strings'],
    [
      'a long bogus status, quoted cut short',
      savedEntry({ status: 'B'.repeat(100) }),
      `result.status "${'B'.repeat(39)}… is not one of`,
    ],
    [
      'a result that is a string',
      { fingerprint: 'f', result: 'x' },
      'result is not an object (a string)',
    ],
    [
      'a bogus verdict source',
      savedEntry({ verdictSource: 'guessed' }),
      'result.verdictSource "guessed" is not one of isolated, batched, confirmed, reused, unobserved',
    ],
    [
      'a killedAt without its test',
      savedEntry({ killedAt: { rule: null, named: false } }),
      'result.killedAt.test is missing',
    ],
    [
      'a killedAt without its rule',
      savedEntry({ killedAt: { test: 'a1', named: false } }),
      'result.killedAt.rule is missing',
    ],
    [
      'a killedAt whose named is a string',
      savedEntry({ killedAt: { test: 'a1', rule: 'jsonrpc.id', named: 'yes' } }),
      'result.killedAt.named is not a boolean (a string)',
    ],
    [
      'a timedOut that is a string',
      savedEntry({ killedAt: { test: 'a1', rule: null, named: false, timedOut: 'yes' } }),
      'result.killedAt.timedOut is not a boolean (a string)',
    ],
  ])('should say what is wrong with %s', (_, entry, problem) => {
    const checked = checkSavedVerdict('m1', entry);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? undefined : checked.problem).toContain(problem);
  });

  test('should take the optional fields a run saves, whole', () => {
    const entry = savedEntry({
      killedAt: { test: 'a1', rule: 'jsonrpc.id', named: true, timedOut: false },
    });
    expect(checkSavedVerdict('m1', entry).ok).toBe(true);
    expect(
      checkSavedVerdict('m1', savedEntry({ killedAt: { test: 'a1', rule: null, named: false } }))
        .ok,
    ).toBe(true);
  });
});
