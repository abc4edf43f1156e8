import { describe, expect, it } from 'vitest';
import { applyProseChange, INJECTIONS } from '../../src/arbitraries/prose-change.js';
import type { FuzzCase } from '../../src/fuzz/fuzz-case.js';
import { rewordCase, rewordedDeliveries } from '../../src/fuzz/reword-case.js';

const PROTOCOL = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool' } };
const TOOL = {
  jsonrpc: '2.0',
  id: 2,
  result: {
    content: [
      { type: 'text', text: 'quota reached' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'text', text: 'later' },
    ],
    isError: true,
  },
};

function caseOf(...values: unknown[]): FuzzCase {
  return {
    requests: [
      { id: 1, method: 'tools/call' },
      { id: 2, method: 'tools/call' },
    ],
    deliveries: values.map((value, index) => ({
      envelope:
        typeof value === 'string'
          ? { text: value }
          : { text: JSON.stringify(value), value: value as never },
      intendedFor: index + 1,
      role: index === 0 ? 'generated' : 'companion',
    })),
    breaks: [],
    canaries: [],
  };
}

describe('rewordCase', () => {
  it('should number the prose places in delivery order: error.message, then each text block', () => {
    // Arrange
    const fuzzCase = caseOf(PROTOCOL, TOOL);
    const reword = { kind: 'reworded' } as const;

    // Act
    const paths = [0, 1, 2, 3].map(
      (place) => rewordCase(fuzzCase, [{ place, change: reword }]).rewordings?.[0],
    );

    // Assert: place 3 wraps around to the first
    expect(paths.map((r) => [r?.delivery, r?.path.join('.')])).toEqual([
      [0, 'error.message'],
      [1, 'result.content.0.text'],
      [1, 'result.content.2.text'],
      [0, 'error.message'],
    ]);
  });

  it('should compose edits on one place and apply them to text and value alike', () => {
    // Arrange
    const fuzzCase = caseOf(PROTOCOL);

    // Act
    const reworded = rewordCase(fuzzCase, [
      { place: 0, change: { kind: 'injected', instruction: 0, replace: false } },
      { place: 0, change: { kind: 'truncated', keep: 10 } },
    ]);
    const [delivery] = rewordedDeliveries(reworded);

    // Assert
    expect(reworded.rewordings).toEqual([
      { delivery: 0, path: ['error', 'message'], change: 'truncated', text: 'Unknown too' },
    ]);
    expect(delivery?.envelope.value).toEqual({
      ...PROTOCOL,
      error: { ...PROTOCOL.error, message: 'Unknown too' },
    });
    expect(JSON.parse(delivery?.envelope.text ?? '')).toEqual(delivery?.envelope.value);
  });

  it('should leave envelopes whose text is not the JSON of their value, and drop no-op edits', () => {
    // Arrange: text that is no JSON, and text with a duplicate member
    const notJson = caseOf('{"jsonrpc":"2.0","id":1,"error":');
    const duplicate: FuzzCase = {
      ...caseOf(PROTOCOL),
      deliveries: [
        {
          envelope: { text: `${JSON.stringify(PROTOCOL).slice(0, -1)},"id":1}`, value: PROTOCOL },
          intendedFor: 1,
          role: 'generated',
        },
      ],
    };
    const cut = { place: 0, change: { kind: 'truncated', keep: 3 } } as const;
    // 'Unknown tool' has 12 characters: keeping 1 + 11 of them keeps it whole
    const keepAll = { place: 0, change: { kind: 'truncated', keep: 11 } } as const;

    // Act + Assert
    expect(rewordCase(notJson, [cut]).rewordings).toEqual([]);
    expect(rewordCase(duplicate, [cut]).rewordings).toEqual([]);
    expect(rewordCase(caseOf(PROTOCOL), [keepAll]).rewordings).toEqual([]);
    expect(rewordCase(caseOf(PROTOCOL), [cut]).rewordings?.[0]?.text).toBe('Unkn');
  });
});

describe('applyProseChange', () => {
  it('should truncate by characters, never splitting a surrogate pair, and keep one at least', () => {
    expect(applyProseChange('😀😀😀', { kind: 'truncated', keep: 1 })).toBe('😀😀');
    expect(applyProseChange('abc', { kind: 'truncated', keep: 0 })).toBe('a');
  });

  it('should append or put in place an injection, and localize outside ASCII', () => {
    const injection = INJECTIONS[0] ?? '';
    expect(applyProseChange('x', { kind: 'injected', instruction: 0, replace: false })).toBe(
      `x. ${injection}`,
    );
    expect(applyProseChange('x', { kind: 'injected', instruction: 0, replace: true })).toBe(
      injection,
    );
    expect(applyProseChange('x.', { kind: 'localized', language: 1 })).toMatch(
      /^x\. — [^\x00-\x7f]/u,
    );
  });
});
