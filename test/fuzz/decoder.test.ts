import { describe, expect, it } from 'vitest';
import {
  isDecodedOutcome,
  isDecoder,
  isDecoderSession,
  nameOfDecoder,
  type Decoder,
} from '../../src/fuzz/decoder.js';

const hook = (): undefined => undefined;

describe('isDecoder', () => {
  it.each([
    ['a decoder', { name: 'd', sanitizes: false, createSession: hook }, true],
    ['a decoder that sanitizes', { sanitizes: true, createSession: hook }, true],
    ['null', null, false],
    ['a function', hook, false],
    ['a string sanitizes', { sanitizes: 'yes', createSession: hook }, false],
    ['no sanitizes', { createSession: hook }, false],
    ['a createSession that is not a function', { sanitizes: true, createSession: {} }, false],
    ['a name that is not a string', { name: 5, sanitizes: true, createSession: hook }, false],
  ])('should answer for %s', (_label, value, expected) => {
    expect(isDecoder(value)).toBe(expected);
  });
});

describe('nameOfDecoder', () => {
  it('should give the name, or "decoder" where there is none or it is blank', () => {
    const named = { name: 'mine', sanitizes: false, createSession: hook } as unknown as Decoder;
    expect(nameOfDecoder(named)).toBe('mine');
    expect(nameOfDecoder({ ...named, name: undefined } as unknown as Decoder)).toBe('decoder');
    expect(nameOfDecoder({ ...named, name: '  ' })).toBe('decoder');
  });
});

describe('isDecoderSession', () => {
  const session = { request: hook, receive: hook, outcome: hook };

  it.each([
    ['the three hooks', session, true],
    ['null', null, false],
    ['a number', 3, false],
    ['no request', { ...session, request: undefined }, false],
    ['no receive', { ...session, receive: 'x' }, false],
    ['no outcome', { ...session, outcome: 1 }, false],
  ])('should answer for %s', (_label, value, expected) => {
    expect(isDecoderSession(value)).toBe(expected);
  });
});

describe('isDecodedOutcome', () => {
  it.each([
    [{ kind: 'success' }, true],
    [{ kind: 'success', modelFacing: 'done' }, true],
    [{ kind: 'tool-error' }, true],
    [{ kind: 'invalid' }, true],
    [{ kind: 'pending' }, true],
    [{ kind: 'protocol-error', code: -32602 }, true],
    [{ kind: 'protocol-error' }, false],
    [{ kind: 'protocol-error', code: 1.5 }, false],
    [{ kind: 'protocol-error', code: '-32602' }, false],
    [{ kind: 'success', code: 'ignored for other kinds' }, true],
    [{ kind: 'success', modelFacing: 42 }, false],
    [{ kind: 'done' }, false],
    [{ kind: 1 }, false],
    [{}, false],
    [null, false],
    ['success', false],
  ])('should answer for %j', (value, expected) => {
    expect(isDecodedOutcome(value)).toBe(expected);
  });
});
