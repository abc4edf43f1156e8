import { describe, expect, it } from 'vitest';
import { formatHint } from '../../src/hints/format-hint.js';
import { knownFailureAt } from '../../src/hints/known-failure.js';
import { survivorHint } from '../../src/hints/survivor-hint.js';
import type { Site, TestInfo } from '../../src/mutant/mutation-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { must } from '../support/make-run.js';

const TAXONOMY = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const DEMOTED = {
  jsonrpc: '2.0',
  id: 2,
  result: { content: [{ type: 'text', text: 'Tool nope not found' }], isError: true },
};

function site(value: unknown, testIds = ['t1']): Site {
  return {
    key: 's1',
    kind: 'envelope',
    file: 'test/contract.test.ts',
    testIds,
    fileLevel: false,
    value,
    check: { requestId: 2, method: 'tools/call' },
  };
}

const TESTS: readonly TestInfo[] = [
  {
    id: 't1',
    name: 'server > reject an unknown tool > should answer at all, with what still holds (known failure: it.fails below)',
    file: 'test/contract.test.ts',
  },
  {
    id: 't2',
    name: 'server > should report bad input as a tool error',
    file: 'test/contract.test.ts',
  },
];

const hintFor = (site: Site, mutatorName = 'remove-is-error') =>
  survivorHint(
    { id: 'm1', mutatorName, status: 'Survived' },
    { site, tests: TESTS, style: 'expect', canaries: [], taxonomy: TAXONOMY },
  );

describe('survivorHint at a known failure', () => {
  it('should point a survivor at a test named as a known failure to the finding and the baseline', () => {
    const hint = hintFor(site(DEMOTED));

    expect(hint?.finding).toBe('known failure: reject an unknown tool');
    expect(JSON.parse(hint?.baselineEntry ?? '')).toEqual({
      id: 'm1',
      reason: 'known failure: reject an unknown tool',
    });
    expect(formatHint(must(hint)).split('\n')).toEqual([
      `no hint at test/contract.test.ts > "${TESTS[0]?.name}" (site s1): known failure: reject an unknown tool.`,
      '  An assertion here would pin the breach. Fix the server (then turn its it.fails into it), or accept the survivor in the baseline (config "baseline", or run --baseline <file>):',
      `  ${hint?.baselineEntry}`,
    ]);
  });

  it('should give the ordinary hint at the same envelope seen by a test not so named (negative control)', () => {
    const hint = hintFor(site(DEMOTED, ['t2']));

    expect(hint).not.toHaveProperty('finding');
    expect(hint?.code).toBe(
      `expect(response, 'mcp.is-error').toHaveProperty('result.isError', true)`,
    );
  });

  it('should treat a site whose envelope already breaks the hint rule as a known failure', () => {
    const leaking = {
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [{ type: 'text', text: 'could not read /srv/app/secrets.json' }],
        isError: true,
      },
    };

    const hint = hintFor(site(leaking, ['t2']), 'leak-internals');

    expect(hint?.finding).toBe(
      'the observed envelope already breaks sanitize.leak: Invalid result.content[0].text: Expected no internal path but received one (/srv/…redacted)',
    );
    expect(hint?.baselineEntry).not.toContain('secrets.json');
  });

  it('should not call an allowed value a breach, which it is without allowedValues', () => {
    const serving = {
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'Allowed: /srv/data' }] },
    };

    const at = (allowedValues: readonly string[]) =>
      knownFailureAt({
        site: site(serving, ['t2']),
        tests: TESTS,
        rule: 'sanitize.leak',
        canaries: [],
        allowedValues,
        taxonomy: TAXONOMY,
      });

    expect(at(['/srv/data'])).toBeUndefined();
    expect(at([])).toMatch(/^the observed envelope already breaks sanitize\.leak/);
  });
});
