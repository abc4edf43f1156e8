import { describe, expect, test } from 'vitest';
import { envelopeText, MAX_INDENTED_DEPTH, nestingDepth } from '../../src/engine/envelope-text.js';

/** `depth` arrays nested in one another, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('envelopeText', () => {
  test('should indent an ordinary envelope as JSON.stringify does', () => {
    // Arrange
    const envelope = { jsonrpc: '2.0', id: 1, result: { isError: true, content: [] } };
    // Act / Assert
    expect(envelopeText(envelope)).toBe(JSON.stringify(envelope, null, 2));
  });

  test('should write an envelope nested 10,000 deep compactly, without overflowing', () => {
    // Arrange
    const envelope = { jsonrpc: '2.0', id: 2, result: { _meta: { extra: nested(10_000) } } };
    // Act
    const text = envelopeText(envelope);
    // Assert: one line holding the whole value (vitest's deep equality would recurse 10,000 deep).
    expect(text).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"_meta":{"extra":${'['.repeat(10_000)}"bottom"${']'.repeat(10_000)}}}}`,
    );
  });

  test('should indent up to the depth limit and no further', () => {
    // Arrange: strings and numbers are not levels; each array is one.
    const atLimit = nested(MAX_INDENTED_DEPTH);
    const beyond = nested(MAX_INDENTED_DEPTH + 1);
    // Act / Assert
    expect(nestingDepth(atLimit)).toBe(MAX_INDENTED_DEPTH);
    expect(nestingDepth('text')).toBe(0);
    expect(envelopeText(atLimit)).toContain('\n');
    expect(envelopeText(beyond)).not.toContain('\n');
  });
});
