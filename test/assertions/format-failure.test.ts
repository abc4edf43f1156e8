import { describe, expect, test } from 'vitest';
import { describeReceived, formatFailure } from '../../src/assertions/format-failure.js';

describe('describeReceived', () => {
  test('should show received text as it is, not as a JSON string', () => {
    expect(describeReceived('{"jsonrpc":"2.0"')).toBe('{"jsonrpc":"2.0"');
  });

  test('should show a value JSON cannot write as its string form', () => {
    expect(describeReceived(undefined)).toBe('undefined');
  });

  test('should not show a value JSON.stringify throws on', () => {
    expect(describeReceived({ id: 1n })).toBe('a value that is not JSON (not shown)');
  });

  test('should show a received value that carries none of the canaries', () => {
    expect(describeReceived({ id: 1 }, ['opaque-marker'])).toBe('{"id":1}');
  });

  test('should hide a canary that JSON escaping changed', () => {
    // Arrange: in the JSON text the quote is written \" (RFC 8259 §7).
    const canary = 'x"quoted-marker';
    // Act
    const shown = describeReceived({ text: `before ${canary} after` }, [canary]);
    // Assert
    expect(shown).toBe('not shown: it carries a canary or secret (the paths above locate it)');
  });

  test('should show up to 300 characters and clip anything longer with an ellipsis', () => {
    // Arrange
    const exact = 'a'.repeat(300);
    const longer = 'b'.repeat(301);
    // Act / Assert
    expect(describeReceived(exact)).toBe(exact);
    expect(describeReceived(longer)).toBe(`${'b'.repeat(300)}…`);
  });
});

describe('formatFailure', () => {
  test('should put each violation under its rule, then the received value', () => {
    // Act
    const message = formatFailure(
      [
        { rule: 'jsonrpc.id', path: ['id'], message: 'Invalid id: Expected 1 but received 2' },
        { rule: 'jsonrpc.version', path: ['jsonrpc'], message: 'Invalid jsonrpc' },
      ],
      { received: { id: 2 } },
    );
    // Assert
    expect(message).toBe(
      '[jsonrpc.id] Invalid id: Expected 1 but received 2\n[jsonrpc.version] Invalid jsonrpc\nReceived: {"id":2}',
    );
  });

  test('should add no Received line when no value is given', () => {
    expect(formatFailure([{ rule: 'policy.action', path: [], message: 'Expected a' }], {})).toBe(
      '[policy.action] Expected a',
    );
  });
});
