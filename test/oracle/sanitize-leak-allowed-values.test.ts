import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { check } from '../../src/oracle/check.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const TAXONOMY = resolveTaxonomy();

function textResponse(text: string) {
  return { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } };
}

const leaks = (text: string, allowedValues?: readonly string[]) =>
  check(textResponse(text), allowedValues === undefined ? {} : { allowedValues }, TAXONOMY)
    .filter((violation) => violation.rule === 'sanitize.leak')
    .map((violation) => violation.message);

describe('sanitize.leak with allowedValues', () => {
  it('should let an allowed directory and the paths below it through', () => {
    expect(leaks('Allowed:\n/srv/data\n/srv/data/a.txt', ['/srv/data'])).toEqual([]);
  });

  it('should still find a path elsewhere, a stack frame and a credential next to an allowed value', () => {
    const text = '/srv/data ok\n    at x (/srv/data/x.js:1:2)\n/home/app/.env';

    expect(leaks(text, ['/srv/data'])).toHaveLength(1);
    expect(leaks('/srv/data/../../etc/x /srv/other', ['/srv/data'])).toHaveLength(1);
    expect(leaks('/srv/data password=hunter22', ['/srv/data'])).toHaveLength(1);
  });

  it('should find the same path as a leak without allowedValues (negative control)', () => {
    expect(leaks('/srv/data/a.txt')).toHaveLength(1);
  });

  it('should refuse allowedValues that are not an array of non-empty strings', () => {
    let thrown: unknown;
    try {
      check(textResponse('x'), { allowedValues: [''] }, TAXONOMY);
    } catch (error) {
      thrown = error;
    }

    expect(isConfigError(thrown)).toBe(true);
    expect(String(thrown)).toBe(
      'ConfigError: check context.allowedValues: expected an array of non-empty strings but received an array. List the values the server was given (a directory it serves).',
    );
  });
});
