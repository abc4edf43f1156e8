import { describe, expect, test } from 'vitest';
import {
  canonicalTestId,
  decodeTapPlan,
  encodeTapPayload,
  instanceModuleId,
  isTapReport,
  splitInstance,
  testIdPrefix,
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

describe('instanceModuleId and splitInstance', () => {
  test('should name a copy of a test file and read the file and tag back', () => {
    const id = instanceModuleId('/p/test/a b.test.ts', 'm/1 ?&');
    expect(id).toBe('/p/test/a b.test.ts?envelope-mutant=m%2F1%20%3F%26');
    expect(splitInstance(id)).toEqual({ moduleId: '/p/test/a b.test.ts', tag: 'm/1 ?&' });
  });

  test('should leave a file that is no copy as it is', () => {
    expect(splitInstance('/p/test/a.test.ts')).toEqual({
      moduleId: '/p/test/a.test.ts',
      tag: undefined,
    });
  });
});

describe('canonicalTestId', () => {
  test("should give a copy's test the file's hash and keep its position", () => {
    expect(canonicalTestId('-1385393424_0_2', '-977')).toBe('-977_0_2');
    expect(testIdPrefix('-977_0_2')).toBe('-977');
  });

  test('should keep an id without a prefix to give it', () => {
    expect(canonicalTestId('-1385393424_0_2', undefined)).toBe('-1385393424_0_2');
  });
});
