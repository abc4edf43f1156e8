import { describe, expect, test } from 'vitest';
import type { Discovery } from '../../src/engine/discover.js';
import { discover } from '../../src/engine/discover.js';
import { firstDifference } from '../../src/engine/first-difference.js';
import { discoveryOutcome, errorSite, fakeSession, type FakeTest } from './pool-fixtures.js';

function discovered(tests: readonly FakeTest[]): Promise<Discovery> {
  return discover(fakeSession(discoveryOutcome(tests)), '/project');
}

const REFERENCE: readonly FakeTest[] = [
  { id: 't1', sites: [errorSite('unknown-method')] },
  { id: 't2', sites: [errorSite('bad-params', 2, -32602)] },
  { id: 't3', state: 'skipped' },
];

describe('firstDifference', () => {
  test('should find none between two runs that saw the same tests and sites', async () => {
    // Arrange: the same suite, its tests finishing in another order.
    const reference = await discovered(REFERENCE);
    const other = await discovered([...REFERENCE].reverse());
    // Act / Assert
    expect(firstDifference(reference, other)).toBeNull();
  });

  test('should name a file that started in a process an earlier file had changed', async () => {
    const reference = await discovered(REFERENCE);
    const same = await discovered(REFERENCE);
    const report = { sites: [], applied: [], carried: 'process.env.TOKEN' };
    const files = [...same.outcome.files].map(
      ([name, file]) => [name, { ...file, report }] as const,
    );
    const carried = { ...same, outcome: { ...same.outcome, files: new Map(files) } };

    expect(firstDifference(reference, carried)).toBe(
      'a.test.ts started in a process an earlier test file had changed (process.env.TOKEN)',
    );
    // Negative control: the same run, the file's report without it.
    expect(firstDifference(reference, same)).toBeNull();
  });

  test('should name an error outside any test of a file', async () => {
    const reference = await discovered(REFERENCE);
    const same = await discovered(REFERENCE);
    const files = [...same.outcome.files].map(
      ([name, file]) => [name, { ...file, errors: ['\u001b[31mboom\u001b[39m\n  at x'] }] as const,
    );
    const ofFile = { ...same, outcome: { ...same.outcome, files: new Map(files) } };

    expect(firstDifference(reference, ofFile)).toBe('an error outside any test of a.test.ts: boom');
    // Negative control: the same copy without it.
    expect(firstDifference(reference, same)).toBeNull();
  });

  test('should name a site whose envelope differs', async () => {
    const reference = await discovered(REFERENCE);
    const other = await discovered([
      { id: 't1', sites: [errorSite('unknown-method', 7)] },
      ...REFERENCE.slice(1),
    ]);
    expect(firstDifference(reference, other)).toBe(
      'site unknown-method recorded a different envelope',
    );
  });

  test('should name a site whose check context differs', async () => {
    const reference = await discovered(REFERENCE);
    const moved = { ...errorSite('unknown-method'), check: { requestId: 1, method: 'tools/call' } };
    const other = await discovered([{ id: 't1', sites: [moved] }, ...REFERENCE.slice(1)]);
    expect(firstDifference(reference, other)).toBe(
      'site unknown-method recorded a different check context',
    );
  });

  test('should name a site another test observed', async () => {
    const reference = await discovered(REFERENCE);
    const other = await discovered([
      { id: 't1' },
      { id: 't2', sites: [errorSite('bad-params', 2, -32602), errorSite('unknown-method')] },
      REFERENCE[2] ?? { id: 't3' },
    ]);
    expect(firstDifference(reference, other)).toBe(
      'site unknown-method recorded a different set of covering tests',
    );
  });

  test.each([
    [{ kind: 'decision' }, 'kind'],
    [{ file: 'b.test.ts' }, 'file'],
    [{ fileLevel: true }, 'scope (test or file)'],
    [{ testIds: ['t1', 't2'] }, 'set of covering tests'],
    [{ testIds: ['t2'] }, 'set of covering tests'],
  ] as const)('should name a site that differs in %j', async (change, field) => {
    // Arrange: the same site, as another run could have recorded it.
    const reference = await discovered(REFERENCE);
    const sites = reference.sites.map((site) =>
      site.key === 'unknown-method' ? { ...site, ...change } : site,
    );
    // Act / Assert
    expect(firstDifference(reference, { ...reference, sites })).toBe(
      `site unknown-method recorded a different ${field}`,
    );
    expect(firstDifference({ ...reference, sites }, reference)).toBe(
      `site unknown-method recorded a different ${field}`,
    );
  });

  test('should tell two sets of covering tests of one size apart', async () => {
    // Arrange
    const reference = await discovered(REFERENCE);
    const coveredBy = (testIds: string[]): typeof reference => ({
      ...reference,
      sites: reference.sites.map((site) => ({ ...site, testIds })),
    });
    // Act / Assert
    expect(firstDifference(coveredBy(['t1', 't2']), coveredBy(['t2', 't1']))).toBeNull();
    expect(firstDifference(coveredBy(['t1', 't2']), coveredBy(['t1', 't3']))).toBe(
      'site unknown-method recorded a different set of covering tests',
    );
  });

  test('should name a site missing from either run', async () => {
    const reference = await discovered(REFERENCE);
    const fewer = await discovered([{ id: 't1' }, ...REFERENCE.slice(1)]);
    const more = await discovered([
      { id: 't1', sites: [errorSite('unknown-method'), errorSite('extra', 3)] },
      ...REFERENCE.slice(1),
    ]);
    expect(firstDifference(reference, fewer)).toBe('site unknown-method was not observed');
    expect(firstDifference(reference, more)).toBe('site extra was observed only in this run');
  });

  test('should name a test whose state differs, or that did not run', async () => {
    const reference = await discovered(REFERENCE);
    const skipped = await discovered([...REFERENCE.slice(0, 2), { id: 't3', state: 'passed' }]);
    const missing = await discovered(REFERENCE.slice(0, 2));
    expect(firstDifference(reference, skipped)).toBe(
      'test "test t3" passed (it skipped in the reference run)',
    );
    expect(firstDifference(reference, missing)).toBe('test "test t3" did not run');
    expect(firstDifference(missing, reference)).toBe('test "test t3" ran only in this run');
  });

  test('should compare envelopes nested deeper than JSON.stringify reaches', async () => {
    // Arrange: 100,000 levels overflow JSON.stringify in any worker (negative control below).
    const nest = (bottom: number): unknown => {
      let value: unknown = { bottom };
      for (let level = 0; level < 100_000; level += 1) value = [value];
      return value;
    };
    expect(() => JSON.stringify(nest(1))).toThrow(RangeError);
    const deep = (bottom: number): FakeTest => ({
      id: 't1',
      sites: [{ ...errorSite('deep'), value: { jsonrpc: '2.0', id: 1, result: nest(bottom) } }],
    });
    // Act
    const reference = await discovered([deep(1)]);
    const same = await discovered([deep(1)]);
    const other = await discovered([deep(2)]);
    // Assert
    expect(firstDifference(reference, same)).toBeNull();
    expect(firstDifference(reference, other)).toBe('site deep recorded a different envelope');
  });
});
