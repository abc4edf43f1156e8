import { describe, expect, it } from 'vitest';
import {
  violation,
  describeTyped,
  describeValue,
  formatPath,
} from '../../src/oracle/violation-message.js';

describe('formatPath', () => {
  it.each([
    [[], 'envelope'],
    [['error', 'data', 'token'], 'error.data.token'],
    [['result', 'content', 0, 'text'], 'result.content[0].text'],
    [['result', '_meta', 'io.modelcontextprotocol/x'], 'result._meta."io.modelcontextprotocol/x"'],
    [['a', 'k'.repeat(41)], `a."${'k'.repeat(40)}…"`],
    [['a', 'k'.repeat(40)], `a.${'k'.repeat(40)}`],
    [['data', 'CANARY-abcdefgh12'], 'data.CANARY-…redacted'],
  ] as const)('should print %j as %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe('describeValue', () => {
  it.each([
    [undefined, 'none'],
    [null, 'null'],
    [true, 'true'],
    [-32602, '-32602'],
    [10n, 'the bigint 10n'],
    [Symbol('s'), 'a symbol'],
    [() => 1, 'a function'],
    [[1, 2], 'an array of 2'],
    [{}, 'an object'],
    ['x'.repeat(41), `"${'x'.repeat(40)}…"`],
    ['x'.repeat(40), `"${'x'.repeat(40)}"`],
    ['key sk-abcdefghijklmnop1234', '"key sk-…redacted"'],
  ])('should describe %s as %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('should name the JSON type of ids', () => {
    expect(describeTyped(1)).toBe('1 (number)');
    expect(describeTyped('1')).toBe('"1" (string)');
    expect(describeTyped(null)).toBe('null');
    expect(describeTyped(undefined)).toBe('none');
  });
});

describe('violation', () => {
  it('should name the root for an empty path only', () => {
    expect(
      violation('policy.attempt', ['attempt', 'requestId'], 'a', 'b', 'decision').message,
    ).toBe('Invalid attempt.requestId: Expected a but received b');
    expect(violation('policy.action', [], 'a', 'b', 'decision').message).toBe(
      'Invalid decision: Expected a but received b',
    );
    expect(violation('jsonrpc.members', [], 'a', 'b').message).toBe(
      'Invalid envelope: Expected a but received b',
    );
  });
});
