import { describe, expect, it } from 'vitest';
import {
  errorOf,
  firstText,
  responseOf,
  resultOf,
  textBlockIndices,
} from '../../mutators/_envelope.js';
import { PROTOCOL_ERROR, SUCCESS } from './fixtures.js';

describe('responseOf / errorOf / resultOf', () => {
  it('should not take a message with a method for a response, whatever else it carries', () => {
    expect(responseOf({ jsonrpc: '2.0', id: 1, method: 'x', result: {} })).toBeUndefined();
    expect(responseOf(SUCCESS)).toBe(SUCCESS);
  });

  it('should give the error only of an error response with no result beside it', () => {
    const both = { jsonrpc: '2.0', id: 1, result: {}, error: PROTOCOL_ERROR.error };
    expect(errorOf(both)).toBeUndefined();
    expect(resultOf(both)).toBeUndefined();
    expect(errorOf(PROTOCOL_ERROR)).toBe(PROTOCOL_ERROR.error);
  });
});

describe('textBlockIndices / firstText', () => {
  const content = [
    { type: 'image', text: 'not a text block' },
    { type: 'text' },
    null,
    'text',
    { type: 'text', text: 5 },
    { type: 'text', text: 'first' },
    { type: 'text', text: 'second' },
  ];

  it('should list only text blocks whose text is a string', () => {
    expect(textBlockIndices({ content })).toStrictEqual([5, 6]);
    expect(firstText({ content })).toBe('first');
  });

  it('should find no text block when content is not an array or has none', () => {
    expect(textBlockIndices({ content: 'text' })).toStrictEqual([]);
    expect(textBlockIndices({})).toStrictEqual([]);
    expect(firstText({})).toBeUndefined();
    expect(firstText({ content: null })).toBeUndefined();
    expect(firstText({ content: [{ type: 'image' }] })).toBeUndefined();
  });
});
