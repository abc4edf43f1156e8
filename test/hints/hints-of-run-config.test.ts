import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hintForSite } from '../../src/hints/hint-for-site.js';
import { hintsOfRun } from '../../src/hints/hints-of-run.js';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { makeRun, MUTANTS, must } from '../support/make-run.js';

const PLAIN_SUITE = `import { expect } from 'vitest';\n`;

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-hints-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The fixture mutant `id`, with `status` instead of its own verdict. */
function as(id: string, status: 'Survived' | 'NoCoverage'): MutantResult {
  const {
    killedBy: _,
    killedAt: __,
    statusReason: ___,
    ...mutant
  } = must(MUTANTS.find((entry) => entry.id === id));
  return { ...mutant, status, killedBy: [] };
}

function config(text: string): void {
  writeFileSync(path.join(root, 'envelope-mutants.config.json'), text);
}

/** The hint code of the leak-canary mutant m09 when it survives in a project at `root`. */
function leakHint(): string | undefined {
  const run = makeRun({ projectRoot: root, mutants: [as('m09', 'Survived')] });
  return hintsOfRun(run, { readSource: () => PLAIN_SUITE }).get('m09')?.code;
}

describe('hintsOfRun config', () => {
  it('should take the canaries from the JSON config, skipping values that are not strings', () => {
    config(JSON.stringify({ canaries: ['CANARY-cfg1', 3] }));

    expect(leakHint()).toBe(
      `expect(JSON.stringify(response), 'sanitize.leak').not.toContain('CANARY-cfg1')`,
    );
  });

  it.each([
    ['no config file', undefined],
    ['a config that is not JSON', 'export default {}'],
    ['a config that is not an object', 'null'],
    ['canaries that are not a list', JSON.stringify({ canaries: 'CANARY-cfg1' })],
  ])('should hint without canaries for %s', (_, text) => {
    if (text !== undefined) config(text);

    expect(leakHint()).toBe('expectEnvelope(response).toNotLeak()');
  });

  it('should hint a mutant no test covered, as a survivor', () => {
    const run = makeRun({ projectRoot: root, mutants: [as('m07', 'NoCoverage')] });

    const hints = hintsOfRun(run, { readSource: () => PLAIN_SUITE, canaries: [] });

    expect(hints.get('m07')?.code).toBe(
      `expect(response, 'mcp.is-error').toHaveProperty('result.isError', true)`,
    );
  });

  it('should take the retry table from the config when only the canaries are given', () => {
    config(JSON.stringify({ taxonomy: { retryTable: [{ when: {}, action: 'ask-user' }] } }));
    const run = makeRun({ projectRoot: root, mutants: [as('m11', 'Survived')] });

    const hints = hintsOfRun(run, { readSource: () => PLAIN_SUITE, canaries: [] });

    expect(hints.get('m11')?.code).toBe(`expect(action, 'policy.action').toBe('ask-user')`);
  });

  it('should fall back to the default taxonomy for a profile it does not know', () => {
    const run = makeRun({
      projectRoot: root,
      profile: 'no-such-profile',
      mutants: [as('m11', 'Survived')],
    });

    const hints = hintsOfRun(run, { readSource: () => PLAIN_SUITE, canaries: [] });

    expect(hints.get('m11')?.code).toBe(`expect(action, 'policy.action').toBe('show-tool-error')`);
  });
});

describe('hintForSite style', () => {
  it('should read the covering test file under the project root to pick the library style', () => {
    const run = makeRun();
    const site = must(run.sites[0]);
    mkdirSync(path.join(root, path.dirname(site.file)), { recursive: true });
    writeFileSync(
      path.join(root, site.file),
      `import { expectEnvelope } from 'envelope-mutants/vitest';\n`,
    );

    const hint = hintForSite({
      mutantId: 'm01',
      mutatorName: 'change-id',
      site,
      tests: run.tests,
      projectRoot: root,
      canaries: [],
      taxonomy: resolveTaxonomy(),
    });

    expect(hint?.style).toBe('library');
    expect(hint?.code).toBe('expectEnvelope(response).toAnswer(41)');
  });
});
