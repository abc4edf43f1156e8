import { describe, expect, test } from 'vitest';
import type { Site } from '../../src/mutant/mutation-run.js';
import { movedSite, shapeOf } from '../../src/engine/moved-site.js';

/** An envelope site of test t1 with `value`. */
function site(key: string, value: unknown, kind: Site['kind'] = 'envelope'): Site {
  return { key, kind, file: 'a.test.ts', testIds: ['t1'], fileLevel: false, value, check: {} };
}

const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { content: [] } });
const handshake = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18' } };

describe('movedSite', () => {
  test('should find a key that holds an envelope of another shape alone', () => {
    // Arrange: alone, a cached handshake is the test's first tap, its answer the second.
    const whole = [site('t1#0', answer(2))];
    const alone = [site('t1#0', handshake), site('t1#1', answer(2))];
    // Act
    const moved = movedSite(whole, alone, (key) => `"answers" ${key.slice(2)}`);
    // Assert
    expect(moved).toBe(
      'site "answers" #0 holds {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18"}} alone, {"jsonrpc":"2.0","id":2,"result":{"content":[]}} in the whole suite',
    );
  });

  test('should find a key whose value differs where the keys differ too, shapes alike', () => {
    // A timer another file left tapped first in the whole suite; alone only the answer.
    const whole = [site('t1#0', answer(7)), site('t1#1', answer(2))];
    const alone = [site('t1#0', answer(2))];

    expect(movedSite(whole, alone)).toMatch(/^site t1#0 holds \{[^]*"id":2[^]*alone/);
  });

  test('should not call a move what runs may change: values alone, or keys alone', () => {
    // Arrange: a timestamp differs from run to run; a site reached only after another file.
    const stamped = (at: number) => ({ ...answer(2), result: { content: [], at } });
    const whole = [site('t1#0', stamped(1)), site('t1#1', answer(3))];
    // Act / Assert
    expect(movedSite(whole, [site('t1#0', stamped(2)), site('t1#1', answer(3))])).toBeNull();
    expect(movedSite(whole, [site('t1#0', stamped(1))])).toBeNull();
    expect(movedSite(whole, whole)).toBeNull();
  });

  test('should count keys that differ only in the counter of the key whose value differs', () => {
    // Arrange: a file-level tap (the file's counter) seen alone only; the test's own taps carry a
    // timestamp that differs from run to run, their keys alike in both runs.
    const stamped = (at: number) => ({ ...answer(2), result: { content: [], at } });
    const whole = [site('t1#0', stamped(1))];
    const alone = [site('t1#0', stamped(2)), site('a.test.ts#0', handshake)];
    const moved = [site('t1#0', stamped(2)), site('t1#1', handshake)];
    // Act / Assert
    expect(movedSite(whole, alone)).toBeNull();
    expect(movedSite(whole, moved)).toMatch(/^site t1#0 holds /);
    expect(
      movedSite(
        [site('t1#label#0', answer(1))],
        [site('t1#label#0', answer(2)), site('t1#label#1', answer(3))],
      ),
    ).toMatch(/^site t1#label#0 holds /);
  });

  test('should not mind the order in which a run recorded its keys', () => {
    // Arrange: the same keys, recorded in another order alone, values that differ (timestamps).
    const stamped = (at: number) => ({ ...answer(2), result: { content: [], at } });
    const whole = [site('t1#0', stamped(1)), site('t1#1', stamped(2))];
    const alone = [site('t1#1', stamped(3)), site('t1#0', stamped(4))];
    // Act / Assert
    expect(movedSite(whole, alone)).toBeNull();
  });

  test('should find a key that is another kind of site alone', () => {
    const moved = movedSite([site('t1#0', true, 'decision')], [site('t1#0', answer(2))]);

    expect(moved).toBe('site t1#0 is of kind envelope alone, decision in the whole suite');
  });

  test('should cut a long value short', () => {
    const long = { ...answer(2), result: { content: [{ type: 'text', text: 'x'.repeat(500) }] } };

    const moved = movedSite([site('t1#0', answer(2))], [site('t1#0', long)]) ?? '';

    expect(moved.length).toBeLessThan(300);
    expect(moved).toContain('…');
  });
});

describe('shapeOf', () => {
  test('should reach no deeper than a message needs, however deep an envelope nests', () => {
    // Arrange: deeper than the stack would allow a walk to every leaf.
    let deep: unknown = 1;
    for (let level = 0; level < 20_000; level += 1) deep = level % 2 === 0 ? [deep] : { a: deep };
    let deepString: unknown = 'x';
    for (let level = 0; level < 20_000; level += 1)
      deepString = level % 2 === 0 ? [deepString] : { a: deepString };
    // Act
    const shape = shapeOf(deep);
    // Assert: cut short where the walk stops, alike below it.
    expect(shape.length).toBeLessThan(400);
    expect(shape).toMatch(/\{…\}|\[…\]/);
    expect(shapeOf(deepString)).toBe(shape);
  });

  test('should keep member names and types, sorted, and drop values', () => {
    expect(shapeOf({ b: 1, a: 'x', c: [1, 2, 'y'], d: null })).toBe(
      '{a: string, b: number, c: [number | string], d: null}',
    );
    expect(shapeOf(answer(1))).toBe(shapeOf(answer(99)));
    expect(shapeOf(answer(1))).not.toBe(shapeOf(handshake));
  });
});
