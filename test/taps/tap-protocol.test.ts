import { describe, expect, test } from 'vitest';
import {
  decodeTapPlan,
  encodeTapPayload,
  isTapReport,
  type TapPlan,
} from '../../src/taps/tap-protocol.js';

const PLAN: TapPlan = {
  mode: 'mutate',
  root: '/project',
  mutations: { 't1#0': { mutantId: 'm1', value: { jsonrpc: '2.0', id: 1, result: null } } },
};

describe('encodeTapPayload and decodeTapPlan', () => {
  test('should carry a plan across as JSON text and back unchanged', () => {
    // Act
    const text = encodeTapPayload(PLAN);
    // Assert
    expect(JSON.parse(text)).toEqual(PLAN);
    expect(decodeTapPlan(text)).toEqual(PLAN);
  });

  test('should carry a report across as JSON text', () => {
    const report = { sites: [{ key: 'k', kind: 'envelope', value: 1, check: {} }], applied: ['m'] };
    expect(JSON.parse(encodeTapPayload(report as never))).toEqual(report);
  });

  test('should write an empty object for a payload that serializes to nothing', () => {
    // Arrange: a toJSON that yields undefined makes JSON.stringify return undefined.
    const payload = { ...PLAN, toJSON: () => undefined };
    // Act
    const text = encodeTapPayload(payload);
    // Assert: the other side still parses it.
    expect(text).toBe('{}');
  });

  test('should decode no plan outside a mutation run', () => {
    expect(decodeTapPlan(undefined)).toBeUndefined();
  });
});

describe('isTapReport', () => {
  test('should accept an object with sites and applied arrays', () => {
    expect(isTapReport({ sites: [], applied: [] })).toBe(true);
  });

  test.each([
    ['null', null],
    ['a string', 'report'],
    ['a number', 3],
    ['undefined', undefined],
    ['an object without applied', { sites: [] }],
    ['an object without sites', { applied: [] }],
    ['an object whose sites is not an array', { sites: {}, applied: [] }],
  ])('should reject %s', (_label, value) => {
    expect(isTapReport(value)).toBe(false);
  });
});
