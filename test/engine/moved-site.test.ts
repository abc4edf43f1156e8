import { describe, expect, test } from 'vitest';
import type { Site } from '../../src/mutant/mutation-run.js';
import { leavesOf, movedSite } from '../../src/engine/moved-site.js';

/** A site of test t1 with `value`. */
function site(key: string, value: unknown, kind: Site['kind'] = 'envelope'): Site {
  return { key, kind, file: 'a.test.ts', testIds: ['t1'], fileLevel: false, value, check: {} };
}

const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { content: [] } });
const failure = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'boom' }], isError: true },
});
const handshake = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18' } };
/** An answer stamped with the time and a random id, as a server's `_meta` may be. */
const stamped = (id: number, at: number) => ({
  ...answer(id),
  result: { content: [], _meta: { at, [`job-${at}`]: 'queued' } },
});

describe('movedSite', () => {
  test('should find a test whose taps shifted: one more first alone', () => {
    // Arrange: alone, a cached handshake is the test's first tap, its answer the second.
    const whole = [site('t1#0', answer(2))];
    const alone = [site('t1#0', handshake), site('t1#1', answer(2))];
    // Act
    const moved = movedSite(whole, alone, (key) => `"answers" ${key.slice(2)}`);
    // Assert
    expect(moved).toBe(
      'site "answers" #0 holds {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18"}} alone, {"jsonrpc":"2.0","id":2,"result":{"content":[]}} in the whole suite, which site "answers" #1 holds alone',
    );
  });

  test('should find a test whose taps shifted: one fewer first alone', () => {
    // A timer another file left tapped first in the whole suite; alone only the answer.
    const whole = [site('t1#0', answer(7)), site('t1#1', answer(2))];
    const alone = [site('t1#0', answer(2))];

    expect(movedSite(whole, alone)).toMatch(/, which site t1#1 holds in the whole suite$/);
  });

  test('should find taps that swapped, their keys and shapes alike', () => {
    // A warm cache answers the second call first: a failure and a success change places.
    const whole = [site('t1#0', failure(10)), site('t1#1', { ...failure(11), result: {} })];
    const alone = [site('t1#0', { ...failure(11), result: {} }), site('t1#1', failure(10))];

    expect(movedSite(whole, alone)).toMatch(/^site t1#0 holds .*, which site t1#1 holds alone$/);
  });

  test('should find a shift among a label’s taps, and only there', () => {
    const whole = [site('t1#call#0', answer(1)), site('t1#0', answer(5))];
    const alone = [
      site('t1#call#0', handshake),
      site('t1#call#1', answer(1)),
      site('t1#0', answer(5)),
    ];

    expect(movedSite(whole, alone)).toMatch(/^site t1#call#0 holds /);
  });

  test('should not call a move what runs may change from one to the next', () => {
    // Arrange: a timestamp and a member named by a random id; a goodbye tapped last only after
    // another file left a session open; `_meta` present only sometimes; a list empty alone.
    const whole = [
      site('t1#0', stamped(2, 1)),
      site('t1#1', stamped(3, 2)),
      site('t1#2', answer(9)),
    ];
    const alone = [site('t1#0', stamped(2, 3)), site('t1#1', stamped(3, 4))];
    const listed = (tools: unknown[]) => ({ ...answer(1), result: { tools } });
    // Act / Assert
    expect(movedSite(whole, alone)).toBeNull();
    expect(movedSite([site('t1#0', stamped(2, 1))], [site('t1#0', answer(2))])).toBeNull();
    expect(
      movedSite([site('t1#0', listed([{ name: 'a' }]))], [site('t1#0', listed([]))]),
    ).toBeNull();
    expect(movedSite(whole, whole)).toBeNull();
  });

  test('should not mind the order in which a run recorded its keys', () => {
    const whole = [site('t1#0', stamped(2, 1)), site('t1#1', stamped(3, 2))];
    const alone = [site('t1#1', stamped(3, 3)), site('t1#0', stamped(2, 4))];

    expect(movedSite(whole, alone)).toBeNull();
  });

  test('should not call a move a key as close to another as to its own', () => {
    // Two answers alike but for their time, in each run: every other key is as close as its own.
    const whole = [site('t1#0', stamped(2, 1)), site('t1#1', stamped(2, 2))];
    const alone = [site('t1#0', stamped(2, 3)), site('t1#1', stamped(2, 4))];

    expect(movedSite(whole, alone)).toBeNull();
  });

  test('should find a key that is another kind of site alone', () => {
    const moved = movedSite([site('t1#0', true, 'decision')], [site('t1#0', answer(2))]);

    expect(moved).toBe('site t1#0 is of kind envelope alone, decision in the whole suite');
  });

  test('should find a key that holds another kind of envelope alone, where nothing moved', () => {
    // A server in a global setup counts a quota: the whole suite's calls used it up before this
    // file's, which gets a tool error there and a success alone.
    const moved = movedSite([site('t1#0', failure(3))], [site('t1#0', answer(3))]);

    expect(moved).toBe('site t1#0 is a success alone, a tool error in the whole suite');
  });

  test('should not call a move ids that go on from file to file, as many taps in each run', () => {
    // A client shared by the files (`isolate: false`) numbers on: #0 holds alone the id that
    // #1 holds in the whole suite, and nothing else differs.
    const whole = [site('t1#0', answer(2)), site('t1#1', answer(3))];
    const alone = [site('t1#0', answer(1)), site('t1#1', answer(2))];

    expect(movedSite(whole, alone)).toBeNull();
    // Negative control: one tap fewer alone, the id is what tells the shift (as above).
    expect(movedSite(whole, [site('t1#0', answer(3))])).toMatch(/which site t1#1 holds/);
  });

  test('should cut a long value short', () => {
    const long = { ...answer(2), result: { content: [{ type: 'text', text: 'x'.repeat(500) }] } };

    const moved =
      movedSite(
        [site('t1#0', answer(2)), site('t1#1', long)],
        [site('t1#0', long), site('t1#1', answer(2))],
      ) ?? '';

    expect(moved.length).toBeLessThan(400);
    expect(moved).toContain('…');
  });
});

describe('leavesOf', () => {
  test('should list each primitive and empty member with its path', () => {
    expect([...leavesOf({ id: 1, result: { content: [], tags: ['a'], meta: {} } })].sort()).toEqual(
      ['/id=1', '/result/content=[]', '/result/meta={}', '/result/tags/0="a"'],
    );
  });

  test('should stop at a depth and a count no envelope reaches, however deep one nests', () => {
    // Arrange: deeper than the stack would allow a walk to every leaf, and very wide.
    let deep: unknown = 1;
    for (let level = 0; level < 20_000; level += 1) deep = level % 2 === 0 ? [deep] : { a: deep };
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, n) => [`m${n}`, n]));
    // Act / Assert
    expect([...leavesOf(deep)]).toEqual([`${'/a/0'.repeat(32)}=…`]);
    expect(leavesOf(wide).size).toBe(5_000);
  });
});
