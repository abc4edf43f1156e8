import { describe, expect, test } from 'vitest';
import type { Mutant, Site } from '../../src/mutant/mutant.js';
import { killingAssertion } from '../../src/runner/killing-assertion.js';

const site: Site = {
  key: 't1#0',
  kind: 'envelope',
  file: 'a.test.ts',
  testIds: ['t1'],
  fileLevel: false,
  value: { jsonrpc: '2.0', id: 1, result: { content: [], isError: true, 'x-y': 2 } },
  check: {},
};

function mutantAt(path: Mutant['path']): Mutant {
  return {
    id: 'm',
    siteKey: 't1#0',
    mutatorName: 'x',
    variantIndex: 0,
    replacement: '',
    path,
    value: null,
  };
}

describe('killingAssertion', () => {
  test('should pin the changed member to the value the suite saw, labelled with the rule', () => {
    expect(killingAssertion(site, mutantAt(['result', 'isError']), 'mcp.is-error')).toBe(
      "expect(response.result.isError, 'mcp.is-error').toStrictEqual(true);",
    );
  });

  test('should expect a member the mutant added to be absent', () => {
    expect(killingAssertion(site, mutantAt(['error']), 'jsonrpc.members')).toBe(
      "expect(response.error, 'jsonrpc.members').toBeUndefined();",
    );
  });

  test('should quote keys that are not identifiers and index arrays', () => {
    expect(killingAssertion(site, mutantAt(['result', 'x-y']), undefined)).toBe(
      'expect(response.result["x-y"]).toStrictEqual(2);',
    );
    expect(killingAssertion({ ...site, value: { a: [5] } }, mutantAt(['a', 0]), undefined)).toBe(
      'expect(response.a[0]).toStrictEqual(5);',
    );
  });
});
