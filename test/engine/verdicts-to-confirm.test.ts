import { describe, expect, test } from 'vitest';
import type { MutantResult, MutantStatus } from '../../src/mutant/mutation-run.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import {
  firstDisagreement,
  keptOnInterrupt,
  failureKind,
  KILLS_TO_CONFIRM,
  verdictsToConfirm,
} from '../../src/engine/verdicts-to-confirm.js';
import { mutantResult } from './mutant-result-fixture.js';

/** A verdict; a kill without a rule is by an unnamed failure. */
function result(id: string, status: MutantStatus, rule: RuleName | null = null): MutantResult {
  return mutantResult(id, status, rule);
}

const kills = Array.from({ length: 50 }, (_, n) => ({
  ...result(`k${n}`, 'Killed', 'jsonrpc.id'),
  coveredBy: [`t${n}`],
}));

describe('verdictsToConfirm', () => {
  test('should confirm every verdict that is not a kill, and a sample of the kills', () => {
    // Arrange
    const others = [
      result('s1', 'Survived'),
      result('t1', 'Timeout'),
      result('r1', 'RuntimeError'),
      result('n1', 'NoCoverage'),
      result('p1', 'Pending'),
    ];
    // Act
    const chosen = verdictsToConfirm([...kills, ...others], 1);
    // Assert
    expect(chosen.slice(0, 3)).toEqual(['s1', 't1', 'r1']);
    expect(chosen).toHaveLength(3 + KILLS_TO_CONFIRM);
    expect(chosen.slice(3).every((id) => id.startsWith('k'))).toBe(true);
  });

  test('should sample unobserved survivors as kills are, one per test file, not confirm each', () => {
    // Arrange
    const unobserved = ['a', 'a', 'b'].map((file, n) => ({
      ...result(`u${n}`, 'Survived'),
      coveredBy: [`${file}-test`],
      verdictSource: 'unobserved' as const,
    }));
    // Act
    const chosen = verdictsToConfirm(
      [result('s1', 'Survived'), ...unobserved],
      1,
      (testId) => testId.split('-')[0] ?? testId,
    );
    // Assert: every survivor a run decided, and one proven survivor of each of files a and b.
    expect(chosen[0]).toBe('s1');
    expect(chosen.slice(1).sort()).toEqual(chosen.includes('u0') ? ['u0', 'u2'] : ['u1', 'u2']);
  });

  test('should draw the same kills for the same seed and others for another', () => {
    const first = verdictsToConfirm(kills, 1);
    expect(verdictsToConfirm([...kills].reverse(), 1)).toEqual(first);
    expect(verdictsToConfirm(kills, 2)).not.toEqual(first);
  });

  test('should draw kills that share no test, so they fit in one round', () => {
    // Arrange: every kill covered by one of five tests.
    const crowded = kills.map((kill, n) => ({ ...kill, coveredBy: [`t${n % 5}`] }));
    // Act
    const chosen = verdictsToConfirm(crowded, 1);
    // Assert
    const tests = chosen.map((id) => crowded.find((kill) => kill.id === id)?.coveredBy[0]);
    expect(chosen).toHaveLength(5);
    expect(new Set(tests).size).toBe(5);
  });

  test('should draw kills of different test files, as a round holds one mutant per file', () => {
    // Arrange: fifty tests in three files.
    const fileOf = (testId: string): string => `f${Number(testId.slice(1)) % 3}`;
    // Act
    const chosen = verdictsToConfirm(kills, 1, fileOf);
    // Assert
    const files = chosen.map((id) =>
      fileOf(kills.find((kill) => kill.id === id)?.coveredBy[0] ?? ''),
    );
    expect(chosen).toHaveLength(3);
    expect(new Set(files).size).toBe(3);
  });

  test('should draw no kill that shares a file with one drawn before, under any seed', () => {
    // Arrange: the second kill's tests are in both files of the other two.
    const spanning = [
      { ...result('k-x', 'Killed', 'jsonrpc.id'), coveredBy: ['x'] },
      { ...result('k-xy', 'Killed', 'jsonrpc.id'), coveredBy: ['x', 'y'] },
      { ...result('k-y', 'Killed', 'jsonrpc.id'), coveredBy: ['y'] },
    ];
    for (let seed = 1; seed <= 20; seed++) {
      // Act
      const chosen = verdictsToConfirm(spanning, seed);
      // Assert
      const files = chosen.flatMap((id) => spanning.find((kill) => kill.id === id)?.coveredBy);
      expect(new Set(files).size, `seed ${seed}: ${chosen.join(', ')}`).toBe(files.length);
    }
  });

  test('should confirm one kill of each kind of unlabelled failure, whatever their files', () => {
    // Arrange: one test file; fifty kills at a named rule, and thirty by unlabelled failures of
    // three kinds: a check failing on other values, and an error a built-in threw.
    const reasons = [
      (n: number) => `expected ${n} to be 1 // Object.is equality`,
      (n: number) =>
        `expected { jsonrpc: '2.0', id: ${n} } to match object { error: { code: -32602 } }`,
      () => 'The first argument must be of type string. Received undefined',
    ];
    const unlabelled = Array.from({ length: 30 }, (_, n) => ({
      ...result(`e${n}`, 'Killed', null),
      statusReason: reasons[n % 3]?.(n) ?? '',
    }));
    const oneFile = (): string => 'f';
    // Act
    const chosen = verdictsToConfirm([...kills, ...unlabelled], 1, oneFile);
    // Assert: a round of copies holds many of one file; the named kills keep one per file.
    const kinds = chosen.flatMap((id) => {
      const n = Number(id.slice(1));
      return id.startsWith('e') ? [n % 3] : [];
    });
    expect(kinds.sort()).toEqual([0, 1, 2]);
    expect(chosen.filter((id) => id.startsWith('k'))).toHaveLength(1);
    // Negative control: with no unlabelled kill, one file gives one kill to confirm.
    expect(verdictsToConfirm(kills, 1, oneFile)).toHaveLength(1);
  });

  test('should confirm, of each kind, the kill the seed draws first, and no more', () => {
    // Arrange: the same ten kills in one file, once at a named rule and once unlabelled, all of
    // one kind; the sample of named kills takes the seed's first of the file.
    const named = kills.slice(0, 10);
    const unlabelled = named.map((kill) => ({
      ...kill,
      killedAt: { test: 't1', rule: null, named: false },
      statusReason: `expected ${kill.id} to be 1`,
    }));
    const oneFile = (): string => 'f';
    // Act
    const ofNamed = verdictsToConfirm(named, 1, oneFile);
    const ofUnlabelled = verdictsToConfirm(unlabelled, 1, oneFile);
    // Assert
    expect(ofNamed).toHaveLength(1);
    expect(ofUnlabelled).toEqual(ofNamed);
  });

  test('should confirm at most the sample size of kinds', () => {
    const many = Array.from({ length: 30 }, (_, n) => ({
      ...result(`e${n}`, 'Killed', null),
      statusReason: `failure number ${'x'.repeat(n + 1)}`,
    }));
    expect(verdictsToConfirm(many, 1, () => 'f')).toHaveLength(KILLS_TO_CONFIRM);
  });

  test('should tell kinds of failure apart by their words, not their values', () => {
    expect(failureKind('expected 3 to be 1 // Object.is equality')).toBe(
      failureKind("expected 'x' to be null // Object.is equality"),
    );
    expect(failureKind('expected { a: { b: [1, 2] } } to match object { c: 1 }\n  at x')).toBe(
      'expected {} to match object {}',
    );
    expect(failureKind('Snapshot `a > b 1` mismatched')).not.toBe(
      failureKind('Cannot read properties of undefined (reading "id")'),
    );
    expect(failureKind(undefined)).toBe('');
    // Values of every shape, escaped quotes included, are values; words and spacing are not.
    expect(
      failureKind('expected "a \\"b\\" c" to be \'d\\\'e\' or `f` or 1.5 or [1, [2, 3]]'),
    ).toBe('expected V to be V or V or V or []');
    expect(failureKind(' expected  x   to be `yz` ')).toBe('expected x to be V');
    expect(failureKind('expected 1.25 to be 2')).toBe('expected V to be V');
  });

  test('should confirm every kill when there are few', () => {
    expect(verdictsToConfirm(kills.slice(0, 3), 1).sort()).toEqual(['k0', 'k1', 'k2']);
  });
});

describe('firstDisagreement', () => {
  const inVm = new Map([
    ['a', result('a', 'Survived')],
    ['b', result('b', 'Killed', 'jsonrpc.id')],
  ]);

  test('should find none when every re-run verdict agrees', () => {
    const again = new Map([['b', result('b', 'Killed', 'jsonrpc.id')]]);
    expect(firstDisagreement(inVm, again)).toBeNull();
  });

  test('should name a survivor that the project pool kills', () => {
    const again = new Map([['a', result('a', 'Killed', 'jsonrpc.id')]]);
    expect(firstDisagreement(inVm, again)).toBe(
      "mutant a was Survived in vmForks but Killed at jsonrpc.id in the project's pool",
    );
  });

  test('should name a kill at another rule, or by an unnamed failure', () => {
    const elsewhere = new Map([['b', result('b', 'Killed', 'jsonrpc.members')]]);
    const unnamed = new Map([['b', result('b', 'Killed')]]);
    expect(firstDisagreement(inVm, elsewhere)).toContain('but Killed at jsonrpc.members');
    expect(firstDisagreement(inVm, unnamed)).toContain('but Killed by an unnamed failure');
  });
});

describe('keptOnInterrupt', () => {
  const statuses: MutantStatus[] = [
    'Killed',
    'NoCoverage',
    'Ignored',
    'Survived',
    'Timeout',
    'RuntimeError',
  ];
  const results = new Map(statuses.map((status) => [status, result(status, status)]));

  test('should keep a survivor proven unobserved, unless a re-run disagreed', () => {
    // Arrange
    const proven = { ...result('u1', 'Survived'), verdictSource: 'unobserved' as const };
    const all = new Map([...results, ['u1', proven] as const]);
    const disagreeing = new Map([['Killed', result('Killed', 'Survived')]]);
    // Act
    const trusted = keptOnInterrupt(all, new Map(), []);
    const untrusted = keptOnInterrupt(all, disagreeing, []);
    // Assert
    expect(trusted.get('u1')?.status).toBe('Survived');
    expect(untrusted.get('u1')?.status).toBe('Pending');
  });

  test('should keep every verdict, and make the unconfirmed ones Pending saying what they were', () => {
    // Act
    const kept = keptOnInterrupt(results, new Map(), []);
    // Assert: nothing dropped; only a kill or a coverage verdict stands unconfirmed.
    expect([...kept.keys()]).toEqual(statuses);
    expect([...kept.values()].map((r) => r.status)).toEqual([
      'Killed',
      'NoCoverage',
      'Ignored',
      'Pending',
      'Pending',
      'Pending',
    ]);
    expect(kept.get('Survived')?.statusReason).toBe(
      "not confirmed: Survived in vmForks; the run was interrupted before its re-run in the project's pool",
    );
  });

  test('should keep what a run said of an unconfirmed verdict in its reason', () => {
    // Arrange
    const survivor = { ...result('s', 'Survived'), statusReason: 'every covering test passed' };
    // Act
    const kept = keptOnInterrupt(new Map([['s', survivor]]), new Map(), []);
    // Assert
    expect(kept.get('s')?.statusReason).toBe(
      "not confirmed: Survived in vmForks: every covering test passed; the run was interrupted before its re-run in the project's pool",
    );
  });

  test('should not let an unconfirmed kill stand once a re-run in the project pool disagreed', () => {
    // Arrange: the survivor's re-run disagreed (a kill there); the sampled kill agreed.
    const withKills = new Map([...results, ['other kill', result('other kill', 'Killed')]]);
    const disagreeing = new Map([
      ['Survived', result('Survived', 'Killed')],
      ['Killed', result('Killed', 'Killed')],
    ]);
    // Act
    const kept = keptOnInterrupt(withKills, disagreeing, ['Survived', 'Killed']);
    // Assert: the agreed kill stands; the kill no re-run saw does not, nor the survivor.
    expect(kept.get('Killed')?.status).toBe('Killed');
    expect(kept.get('other kill')?.status).toBe('Pending');
    expect(kept.get('Survived')?.status).toBe('Pending');
    expect(kept.get('NoCoverage')?.status).toBe('NoCoverage');
    expect(kept.get('Ignored')?.status).toBe('Ignored');
    // Negative control: with the re-runs agreeing, the same unconfirmed kill stands.
    const agreeing = new Map([['Killed', result('Killed', 'Killed')]]);
    expect(keptOnInterrupt(withKills, agreeing, ['Killed']).get('other kill')?.status).toBe(
      'Killed',
    );
  });

  test('should let a verdict stand that its re-run in the project pool agreed with', () => {
    // Arrange: the survivor was confirmed; the timeout came back as a kill (no agreement).
    const confirmations = new Map([
      ['Survived', result('Survived', 'Survived')],
      ['Timeout', result('Timeout', 'Killed')],
    ]);
    // Act
    const kept = keptOnInterrupt(results, confirmations, ['Survived', 'Timeout']);
    // Assert
    expect(kept.get('Survived')?.status).toBe('Survived');
    expect(kept.get('Timeout')?.status).toBe('Pending');
    expect(kept.get('RuntimeError')?.status).toBe('Pending');
  });
  test('should not let a kill or a proven survivor stand before the sample of them was re-run', () => {
    // Arrange: the sample holds the kill and the proven survivor; a run interrupted before the
    // confirmations, one interrupted after the kill's re-run only, and one after both.
    const proven = { ...result('u1', 'Survived'), verdictSource: 'unobserved' as const };
    const all = new Map([...results, ['u1', proven] as const, ['k2', result('k2', 'Killed')]]);
    const chosen = ['Survived', 'Killed', 'u1'];
    const killAgain = new Map([['Killed', result('Killed', 'Killed')]]);
    const bothAgain = new Map([...killAgain, ['u1', proven] as const]);
    // Act
    const before = keptOnInterrupt(all, new Map(), chosen);
    const halfway = keptOnInterrupt(all, killAgain, chosen);
    const after = keptOnInterrupt(all, bothAgain, chosen);
    // Assert: the kill outside the sample waits for the whole sample to answer.
    expect(['Killed', 'k2', 'u1'].map((id) => before.get(id)?.status)).toEqual(
      Array(3).fill('Pending'),
    );
    expect(before.get('k2')?.statusReason).toBe(
      "not confirmed: Killed in vmForks; the run was interrupted before a sample of its kind was re-run in the project's pool",
    );
    expect(['Killed', 'k2', 'u1'].map((id) => halfway.get(id)?.status)).toEqual([
      'Killed',
      'Pending',
      'Pending',
    ]);
    expect(['Killed', 'k2', 'u1'].map((id) => after.get(id)?.status)).toEqual([
      'Killed',
      'Killed',
      'Survived',
    ]);
    // The verdicts no pool decides stand whatever the sample.
    expect(before.get('NoCoverage')?.status).toBe('NoCoverage');
    expect(before.get('Ignored')?.status).toBe('Ignored');
  });
});
