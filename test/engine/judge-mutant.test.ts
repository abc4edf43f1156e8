import { describe, expect, test } from 'vitest';
import type { Mutant } from '../../src/mutant/mutation-run.js';
import { judgeMutant, mutantResult, type JudgeInput } from '../../src/engine/judge-mutant.js';
import type { FileOutcome, RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';

const MUTANT: Mutant = {
  id: 'm1',
  siteKey: 't1#0',
  mutatorName: 'change-id',
  variantIndex: 0,
  replacement: 'id 1 → "1"',
  path: ['id'],
  value: { jsonrpc: '2.0', id: '1', result: {} },
};

function testOutcome(overrides: Partial<TestOutcome> = {}): TestOutcome {
  return {
    id: 't1',
    name: 'suite > test',
    file: 'a.test.ts',
    state: 'passed',
    errors: [],
    durationMs: 1,
    report: { sites: [], applied: ['m1'] },
    ...overrides,
  };
}

function fileOutcome(overrides: Partial<FileOutcome> = {}): FileOutcome {
  return {
    file: 'a.test.ts',
    moduleId: '/p/a.test.ts',
    errors: [],
    testIds: ['t1'],
    overheadMs: 1,
    report: undefined,
    ...overrides,
  };
}

function judge(
  tests: TestOutcome[],
  files: FileOutcome[] = [fileOutcome()],
  extra: Partial<JudgeInput> = {},
) {
  const outcome: RoundOutcome = {
    tests: new Map(tests.map((t) => [t.id, t])),
    files: new Map(files.map((f) => [f.file, f])),
    unhandled: extra.outcome?.unhandled ?? [],
  };
  return judgeMutant({
    mutant: MUTANT,
    coveredBy: ['t1'],
    coveredFiles: ['a.test.ts'],
    expectedKillers: ['jsonrpc.id'],
    labels: new Map(),
    timedOut: false,
    source: 'isolated',
    ...extra,
    outcome,
  });
}

describe('judgeMutant', () => {
  test('should call a failure at an expected rule a named kill', () => {
    const result = judge([
      testOutcome({ state: 'failed', errors: ["jsonrpc.id: expected '1' to be 1"] }),
    ]);
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 't1', rule: 'jsonrpc.id', named: true });
    expect(result.killedBy).toEqual(['t1']);
    expect(result.statusReason).toBe("jsonrpc.id: expected '1' to be 1");
  });

  test('should call a failure at another rule a kill that is not named', () => {
    const result = judge([
      testOutcome({ state: 'failed', errors: ['jsonrpc.members: expected false to be true'] }),
    ]);
    expect(result.killedAt).toEqual({ test: 't1', rule: 'jsonrpc.members', named: false });
  });

  test('should call an unlabelled failure a kill without rule', () => {
    const result = judge([testOutcome({ state: 'failed', errors: ['expected 2 to be 1'] })]);
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 't1', rule: null, named: false });
  });

  test('should prefer a named kill among several failures', () => {
    const result = judge(
      [
        testOutcome({ state: 'failed', errors: ['expected 2 to be 1'] }),
        testOutcome({ id: 't2', state: 'failed', errors: ['[jsonrpc.id] wrong id'] }),
      ],
      [fileOutcome({ testIds: ['t1', 't2'] })],
      { coveredBy: ['t1', 't2'] },
    );
    expect(result.killedAt).toEqual({ test: 't2', rule: 'jsonrpc.id', named: true });
    expect(result.killedBy).toEqual(['t1', 't2']);
  });

  test('should call a file that fails to load a kill, never a survivor', () => {
    const result = judge(
      [],
      [
        fileOutcome({
          errors: ["Cannot read properties of undefined (reading 'tools')"],
          testIds: [],
        }),
      ],
    );
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 'a.test.ts', rule: null, named: false });
  });

  test("should call a test over vitest's own testTimeout a kill marked timed out", () => {
    const result = judge([
      testOutcome({ state: 'failed', errors: ['Test timed out in 1000ms.\nIf this is…'] }),
    ]);
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 't1', rule: null, named: false, timedOut: true });
  });

  test('should prefer a failed assertion to a timed-out test', () => {
    const result = judge(
      [
        testOutcome({ state: 'failed', errors: ['Test timed out in 1000ms.'] }),
        testOutcome({ id: 't2', state: 'failed', errors: ['expected 2 to be 1'] }),
      ],
      [fileOutcome({ testIds: ['t1', 't2'] })],
    );
    expect(result.killedAt).toEqual({ test: 't2', rule: null, named: false });
  });

  test('should call a mutant killed when a test of its file that does not cover the site fails', () => {
    // The reference run is every test of the file: a later test that fails on state the
    // mutated test left behind makes that run red.
    const result = judge(
      [testOutcome(), testOutcome({ id: 't2', state: 'failed', errors: ['poisoned'] })],
      [fileOutcome({ testIds: ['t1', 't2'] })],
    );
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 't2', rule: null, named: false });
  });

  test('should call a run with an unhandled rejection killed though every test passed', () => {
    const unhandled = ['jsonrpc.members: rejected later'];
    const result = judge([testOutcome()], [fileOutcome()], {
      outcome: { tests: new Map(), files: new Map(), unhandled },
    });
    expect(result.status).toBe('Killed');
    expect(result.killedAt).toEqual({ test: 'a.test.ts', rule: 'jsonrpc.members', named: false });
  });

  test('should call a run whose worker died a RuntimeError', () => {
    const unhandled = ['Worker exited unexpectedly'];
    const result = judge([testOutcome()], [fileOutcome()], {
      outcome: { tests: new Map(), files: new Map(), unhandled },
    });
    expect(result.status).toBe('RuntimeError');
  });

  test('should keep how the verdict was obtained', () => {
    const result = judge([testOutcome()], [fileOutcome()], { source: 'batched' });
    expect(result.verdictSource).toBe('batched');
  });

  test('should call a round the watchdog cancelled a Timeout for the tests that did not finish', () => {
    const result = judge([testOutcome({ state: 'pending', report: undefined })], [fileOutcome()], {
      timedOut: true,
    });
    expect(result.status).toBe('Timeout');
  });

  test('should call tests that never finished a RuntimeError', () => {
    const result = judge([testOutcome({ state: 'pending', report: undefined })]);
    expect(result.status).toBe('RuntimeError');
  });

  test('should call a file that did not report a RuntimeError', () => {
    const result = judge([], []);
    expect(result.status).toBe('RuntimeError');
  });

  test('should call a mutant that no test reached NoCoverage, never a survivor', () => {
    const result = judge([testOutcome({ report: { sites: [], applied: [] } })]);
    expect(result.status).toBe('NoCoverage');
    expect(result.statusReason).toMatch(/no test reached/);
    expect(result.killedBy).toEqual([]);
  });

  test('should call a mutant survived when every covering test passed with it injected', () => {
    const result = judge([testOutcome()]);
    expect(result.status).toBe('Survived');
    expect(result.killedAt).toBeUndefined();
    expect(result.coveredBy).toEqual(['t1']);
  });

  test('should judge by the tests and errors of its own files alone', () => {
    // Arrange: b.test.ts ran beside it (another mutant's file) and failed.
    const result = judge(
      [testOutcome(), testOutcome({ id: 't9', file: 'b.test.ts', state: 'failed', errors: ['x'] })],
      [
        fileOutcome(),
        fileOutcome({ file: 'b.test.ts', testIds: ['t9'], errors: ['jsonrpc.id: in b'] }),
      ],
    );
    // Assert
    expect(result.status).toBe('Survived');
    expect(result.statusReason).toBe('every test of its files passed');
    expect(result.killedBy).toEqual([]);
  });

  test('should call a failed test that reported no error a kill, with a reason', () => {
    const result = judge([testOutcome({ state: 'failed', errors: [] })]);
    expect(result.status).toBe('Killed');
    expect(result.statusReason).toBe('the test failed');
    expect(result.killedAt).toEqual({ test: 't1', rule: null, named: false });
  });

  test('should list a killing test once, however many errors it reported', () => {
    const result = judge([
      testOutcome({ state: 'failed', errors: ['expected 2 to be 1', 'and 3'] }),
    ]);
    expect(result.killedBy).toEqual(['t1']);
    expect(result.statusReason).toBe('expected 2 to be 1');
  });

  test('should prefer a named kill to a kill at another rule that came first', () => {
    const result = judge(
      [
        testOutcome({ state: 'failed', errors: ['jsonrpc.members: missing'] }),
        testOutcome({ id: 't2', state: 'failed', errors: ['jsonrpc.id: wrong id'] }),
      ],
      [fileOutcome({ testIds: ['t1', 't2'] })],
    );
    expect(result.killedAt).toEqual({ test: 't2', rule: 'jsonrpc.id', named: true });
  });

  test('should prefer a kill at another rule to an unlabelled failure', () => {
    const result = judge(
      [
        testOutcome({ state: 'failed', errors: ['expected 2 to be 1'] }),
        testOutcome({ id: 't2', state: 'failed', errors: ['jsonrpc.members: missing'] }),
      ],
      [fileOutcome({ testIds: ['t1', 't2'] })],
    );
    expect(result.killedAt).toEqual({ test: 't2', rule: 'jsonrpc.members', named: false });
    expect(result.statusReason).toBe('jsonrpc.members: missing');
  });

  test('should prefer a failed test to a file error and a file error to an unhandled error', () => {
    // Arrange: kills are ranked alike, so the first in the order tests, files, unhandled wins.
    const tests = [testOutcome({ state: 'failed', errors: ['expected 2 to be 1'] })];
    const files = [fileOutcome({ errors: ['afterAll failed'] })];
    const outcome = { tests: new Map(), files: new Map(), unhandled: ['rejected later'] };
    // Act
    const all = judge(tests, files, { outcome });
    const withoutTests = judge([testOutcome()], files, { outcome });
    // Assert
    expect([all.statusReason, withoutTests.statusReason]).toEqual([
      'expected 2 to be 1',
      'afterAll failed',
    ]);
    expect(withoutTests.killedBy).toEqual(['a.test.ts']);
  });

  test("should call a hook over vitest's own hookTimeout a kill marked timed out", () => {
    const result = judge([testOutcome()], [fileOutcome({ errors: ['Hook timed out in 500ms.'] })]);
    expect(result.killedAt).toEqual({
      test: 'a.test.ts',
      rule: null,
      named: false,
      timedOut: true,
    });
  });

  test('should not call a message that only mentions a timeout a timed-out test', () => {
    const result = judge([
      testOutcome({ state: 'failed', errors: ['expected "Test timed out in 5ms" to be ""'] }),
    ]);
    expect(result.killedAt).toEqual({ test: 't1', rule: null, named: false });
  });

  test.each([
    'Worker exited unexpectedly',
    'Error: Channel closed',
    'Worker forks emitted error',
    'Worker threads emitted error',
    'Error [ERR_IPC_CHANNEL_CLOSED]: Channel closed',
    'Error: worker terminated',
  ])('should call a run a RuntimeError when a test reports %j', (message) => {
    const result = judge([testOutcome({ state: 'failed', errors: [message] })]);
    expect(result.status).toBe('RuntimeError');
    expect(result.statusReason).toBe(message);
    expect(result.killedBy).toEqual([]);
    expect(result.killedAt).toBeUndefined();
  });

  test('should not call a failure that names a worker a dead worker', () => {
    const result = judge([testOutcome({ state: 'failed', errors: ['Worker pool is full'] })]);
    expect(result.status).toBe('Killed');
  });

  test('should say which test or file did not finish', () => {
    const pending = judge([testOutcome({ state: 'pending', report: undefined })]);
    const missing = judge([], []);
    expect([pending.statusReason, missing.statusReason]).toEqual([
      'suite > test did not finish',
      'a.test.ts did not finish',
    ]);
  });

  test('should give an unfinished run the unhandled error as its reason', () => {
    const result = judge([testOutcome({ state: 'pending', report: undefined })], [fileOutcome()], {
      outcome: { tests: new Map(), files: new Map(), unhandled: ['rejected later'] },
    });
    expect(result.status).toBe('RuntimeError');
    expect(result.statusReason).toBe('rejected later');
  });

  test('should call a run that timed out a Timeout without a killer, whatever failed', () => {
    const result = judge([testOutcome({ state: 'failed', errors: ['jsonrpc.id: wrong'] })], [], {
      timedOut: true,
    });
    expect(result).toMatchObject({
      status: 'Timeout',
      statusReason: 'the run did not finish within its time budget',
      killedBy: [],
      coveredBy: ['t1'],
      verdictSource: 'isolated',
    });
    expect(result.killedAt).toBeUndefined();
  });

  test('should call a mutant whose id another mutant applied NoCoverage', () => {
    const result = judge(
      [testOutcome({ report: { sites: [], applied: ['m2'] } })],
      [fileOutcome({ report: { sites: [], applied: ['m2'] } })],
    );
    expect(result.status).toBe('NoCoverage');
    expect(result.statusReason).toBe(
      'no test reached the site in this run (its key did not recur)',
    );
  });

  test('should keep the identity of the mutant and leave out what a verdict does not know', () => {
    // Act
    const verdict = mutantResult(MUTANT, {
      status: 'Survived',
      statusReason: 'every test of its files passed',
      killedBy: [],
      coveredBy: ['t1'],
      killedAt: undefined,
      verdictSource: undefined,
    });
    // Assert: absent members, not members set to undefined.
    expect(verdict).toStrictEqual({
      id: 'm1',
      siteKey: 't1#0',
      mutatorName: 'change-id',
      replacement: 'id 1 → "1"',
      path: ['id'],
      status: 'Survived',
      statusReason: 'every test of its files passed',
      killedBy: [],
      coveredBy: ['t1'],
    });
  });

  test('should accept a mutant applied at file level', () => {
    const result = judge(
      [testOutcome({ report: { sites: [], applied: [] } })],
      [fileOutcome({ report: { sites: [], applied: ['m1'] } })],
    );
    expect(result.status).toBe('Survived');
  });

  test('should carry what the mutant met at its site instead of what it was planned on, its own only', () => {
    // Arrange: another mutant strayed in the file's report; this one in its test's.
    const stray = (mutantId: string, met: string) => ({
      mutantId,
      key: 't1#0',
      planned: 'a tool error',
      met,
    });
    const test = testOutcome({
      report: { sites: [], applied: ['m1'], strayed: [stray('m1', 'a success')] },
    });
    const file = fileOutcome({ report: { sites: [], applied: [], strayed: [stray('m2', 'x')] } });
    // Act
    const result = judge([test], [file]);
    const plain = judge([testOutcome()], [file]);
    // Assert
    expect(result).toMatchObject({
      status: 'Survived',
      strayed: { planned: 'a tool error', met: 'a success' },
    });
    expect(plain).not.toHaveProperty('strayed');
  });
});
