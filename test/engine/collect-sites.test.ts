import { describe, expect, test } from 'vitest';
import { collectSites, collectTests } from '../../src/engine/collect-sites.js';
import type { FileOutcome, RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import type { SiteRecord } from '../../src/taps/tap-protocol.js';

function record(key: string, id = 1): SiteRecord {
  return {
    key,
    kind: 'envelope',
    value: { jsonrpc: '2.0', id, result: {} },
    check: { requestId: id },
  };
}

function testOutcome(id: string, file: string, overrides: Partial<TestOutcome> = {}): TestOutcome {
  return {
    id,
    name: `${file} > ${id}`,
    file,
    state: 'passed',
    errors: [],
    durationMs: 3,
    report: undefined,
    ...overrides,
  };
}

function fileOutcome(file: string, testIds: string[], sites: SiteRecord[] = []): FileOutcome {
  return {
    file,
    moduleId: `/p/${file}`,
    errors: [],
    testIds,
    overheadMs: 1,
    report: sites.length > 0 ? { sites, applied: [] } : undefined,
  };
}

function discovery(tests: TestOutcome[], files: FileOutcome[]): RoundOutcome {
  return {
    tests: new Map(tests.map((each) => [each.id, each])),
    files: new Map(files.map((each) => [each.file, each])),
    unhandled: [],
  };
}

const seen = (...sites: SiteRecord[]) => ({ report: { sites, applied: [] } });

describe('collectSites', () => {
  test('should make a site seen in a test covered by that test alone', () => {
    // Arrange
    const outcome = discovery(
      [testOutcome('t1', 'a.test.ts', seen(record('t1#0'))), testOutcome('t2', 'a.test.ts')],
      [fileOutcome('a.test.ts', ['t1', 't2'])],
    );
    // Act
    const sites = collectSites(outcome);
    // Assert
    expect(sites).toEqual([
      {
        key: 't1#0',
        kind: 'envelope',
        file: 'a.test.ts',
        testIds: ['t1'],
        fileLevel: false,
        value: { jsonrpc: '2.0', id: 1, result: {} },
        check: { requestId: 1 },
      },
    ]);
  });

  test('should make a site seen outside any test cover the tests of its file that passed', () => {
    // Arrange: only a passing test can judge a mutant; b.test.ts is another file.
    const outcome = discovery(
      [
        testOutcome('t1', 'a.test.ts'),
        testOutcome('t2', 'a.test.ts', { state: 'failed', errors: ['boom'] }),
        testOutcome('t3', 'a.test.ts', { state: 'skipped' }),
        testOutcome('t4', 'a.test.ts'),
        testOutcome('t5', 'b.test.ts'),
      ],
      [
        fileOutcome('a.test.ts', ['t1', 't2', 't3', 't4'], [record('a.test.ts#0')]),
        fileOutcome('b.test.ts', ['t5']),
      ],
    );
    // Act
    const sites = collectSites(outcome);
    // Assert
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ key: 'a.test.ts#0', file: 'a.test.ts', fileLevel: true });
    expect(sites[0]?.testIds).toEqual(['t1', 't4']);
  });

  test('should make one site of a key seen in several tests, covered by each once', () => {
    // Arrange: the same explicit key in two files, and twice in one test.
    const outcome = discovery(
      [
        testOutcome('t1', 'a.test.ts', seen(record('shared', 1), record('shared', 1))),
        testOutcome('t2', 'b.test.ts', seen(record('shared', 2))),
      ],
      [fileOutcome('a.test.ts', ['t1']), fileOutcome('b.test.ts', ['t2'])],
    );
    // Act
    const sites = collectSites(outcome);
    // Assert: the first place it was seen gives the site its file and recorded value.
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({
      key: 'shared',
      file: 'a.test.ts',
      fileLevel: false,
      value: { id: 1 },
      check: { requestId: 1 },
    });
    expect(sites[0]?.testIds).toEqual(['t1', 't2']);
  });

  test('should make a key seen in a test and outside any test a file-level site', () => {
    // Arrange: a helper called at module level and again inside t1.
    const outcome = discovery(
      [testOutcome('t1', 'a.test.ts', seen(record('shared'))), testOutcome('t2', 'a.test.ts')],
      [fileOutcome('a.test.ts', ['t1', 't2'], [record('shared')])],
    );
    // Act
    const sites = collectSites(outcome);
    // Assert: once seen outside a test, every test of the file may depend on it.
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ key: 'shared', fileLevel: true });
    expect(sites[0]?.testIds).toEqual(['t1', 't2']);
  });

  test('should keep the sites of a run in the order they were seen', () => {
    // Arrange
    const outcome = discovery(
      [
        testOutcome('t1', 'a.test.ts', seen(record('t1#0'), record('t1#1'))),
        testOutcome('t2', 'a.test.ts', seen(record('t2#0'))),
      ],
      [fileOutcome('a.test.ts', ['t1', 't2'], [record('a.test.ts#0')])],
    );
    // Act
    const keys = collectSites(outcome).map((site) => site.key);
    // Assert
    expect(keys).toEqual(['t1#0', 't1#1', 't2#0', 'a.test.ts#0']);
  });

  test('should find no site in a run whose taps recorded nothing', () => {
    // Arrange
    const outcome = discovery([testOutcome('t1', 'a.test.ts')], [fileOutcome('a.test.ts', ['t1'])]);
    // Act / Assert
    expect(collectSites(outcome)).toEqual([]);
  });
});

describe('collectTests', () => {
  test('should list the tests that passed, with what a report says of each', () => {
    // Arrange
    const outcome = discovery(
      [
        testOutcome('t1', 'a.test.ts', seen(record('t1#0'))),
        testOutcome('t2', 'a.test.ts', { state: 'failed', errors: ['boom'] }),
        testOutcome('t3', 'a.test.ts', { state: 'skipped' }),
        testOutcome('t4', 'b.test.ts', { durationMs: 7 }),
      ],
      [fileOutcome('a.test.ts', ['t1', 't2', 't3']), fileOutcome('b.test.ts', ['t4'])],
    );
    // Act
    const tests = collectTests(outcome);
    // Assert
    expect(tests).toEqual([
      { id: 't1', name: 'a.test.ts > t1', file: 'a.test.ts', durationMs: 3 },
      { id: 't4', name: 'b.test.ts > t4', file: 'b.test.ts', durationMs: 7 },
    ]);
  });
});
