import { describe, expect, test } from 'vitest';
import { keyOfTwoKinds } from '../../src/engine/key-of-two-kinds.js';
import type { RoundOutcome } from '../../src/engine/round-outcome.js';
import type { SiteRecord } from '../../src/taps/tap-protocol.js';
import { discoveryOutcome, errorSite } from './pool-fixtures.js';

/** A record of `value` under `key`, an envelope site. */
function site(key: string, value: unknown): SiteRecord {
  return { key, kind: 'envelope', value, check: {} };
}

const toolError = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'declined' }], isError: true },
});
const success = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'charged' }] },
});

/** `discoveryOutcome` with `sites` recorded outside every test of its file. */
function withFileSites(outcome: RoundOutcome, sites: readonly SiteRecord[]): RoundOutcome {
  const files = new Map(
    [...outcome.files].map(([name, file]) => [name, { ...file, report: { sites, applied: [] } }]),
  );
  return { ...outcome, files };
}

describe('keyOfTwoKinds', () => {
  test('should name a key on a tool error in one test and a success in another', () => {
    const outcome = discoveryOutcome([
      { id: 't1', sites: [site('tools/call:charge', toolError(1))] },
      { id: 't2', sites: [site('tools/call:charge', success(4))] },
    ]);
    expect(keyOfTwoKinds(outcome)).toBe(
      'key "tools/call:charge" names a tool error in "a.test.ts > test t1" and a success in "a.test.ts > test t2"',
    );
  });

  test("should name by its test an implicit key whose retried test's attempts saw two kinds", () => {
    // The taps note what an earlier attempt saw there (`withEarlierAttempts`) in `otherKinds`.
    const outcome = discoveryOutcome([{ id: 't1', sites: [site('t1#0', toolError(2))] }]);
    const test = outcome.tests.get('t1');
    const noted = test && {
      ...test,
      report: {
        sites: [site('t1#0', toolError(2))],
        applied: [],
        otherKinds: [site('t1#0', success(1))],
      },
    };
    const retried = { ...outcome, tests: new Map(noted ? [['t1', noted]] : []) };
    expect(keyOfTwoKinds(retried)).toBe(
      'key "a.test.ts > test t1" #0 names a tool error and a success in "a.test.ts > test t1"',
    );
  });

  test('should tell a protocol error, a request and no message apart, outside a test too', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/call' };
    const outcome = withFileSites(discoveryOutcome([{ id: 't1', sites: [errorSite('k')] }]), [
      site('k', request),
      site('other', 'no message'),
      site('other', 'still none'),
    ]);
    expect(keyOfTwoKinds(outcome)).toBe(
      'key "k" names a protocol error in "a.test.ts > test t1" and a request in a.test.ts, outside its tests',
    );
    const decision: SiteRecord = { key: 'k', kind: 'decision', value: 'retry', check: {} };
    const sites = [errorSite('k'), decision];
    expect(keyOfTwoKinds(discoveryOutcome([{ id: 't1', sites }]))).toContain(
      'key "k" names a protocol error and a decision site in "a.test.ts > test t1"',
    );
  });

  test('should name a key a test tapped again on another kind, as its taps noted', () => {
    const outcome = discoveryOutcome([
      { id: 't1', sites: [site('tools/call:charge', toolError(1))] },
    ]);
    const test = outcome.tests.get('t1');
    if (test?.report === undefined) throw new Error('the fixture has a report');
    const otherKinds = [site('tools/call:charge', success(2))];
    const tests = new Map([['t1', { ...test, report: { ...test.report, otherKinds } }]]);
    expect(keyOfTwoKinds({ ...outcome, tests })).toBe(
      'key "tools/call:charge" names a tool error and a success in "a.test.ts > test t1"',
    );
    expect(keyOfTwoKinds(outcome)).toBeNull();
  });

  test('should accept one kind of envelope under one key, whatever its members hold', () => {
    // Negative control: ids and texts differ; a fixture read in two tests; distinct keys.
    const outcome = discoveryOutcome([
      { id: 't1', sites: [site('tools/call:charge', toolError(1)), errorSite('fixture', 7)] },
      { id: 't2', sites: [site('tools/call:charge', toolError(9)), errorSite('fixture', 7)] },
      { id: 't3', sites: [site('tools/call:refund', success(2))] },
    ]);
    expect(keyOfTwoKinds(outcome)).toBeNull();
  });
});
