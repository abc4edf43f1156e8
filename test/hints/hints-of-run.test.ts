import { describe, expect, it } from 'vitest';
import { assertionStyleOf } from '../../src/hints/assertion-style.js';
import { formatHint } from '../../src/hints/format-hint.js';
import { hintForSite } from '../../src/hints/hint-for-site.js';
import { hintsOfRun } from '../../src/hints/hints-of-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { makeRun, must } from '../support/make-run.js';

const LIBRARY_SUITE = `import { expectEnvelope } from 'envelope-mutants/vitest';\n`;
const PLAIN_SUITE = `import { connectRaw } from 'envelope-mutants';\nimport { expect } from 'vitest';\n`;

describe('assertionStyleOf', () => {
  it('should find the library style from an import of envelope-mutants/vitest', () => {
    expect(assertionStyleOf(LIBRARY_SUITE)).toBe('library');
    expect(assertionStyleOf(`const m = await import("envelope-mutants/vitest");`)).toBe('library');
  });

  it('should find the expect style when only the main entry is imported', () => {
    expect(assertionStyleOf(PLAIN_SUITE)).toBe('expect');
  });
});

describe('hintsOfRun', () => {
  it('should hint every survivor and every kill that named no expected rule, in the style its covering file uses', () => {
    const run = makeRun();

    const hints = hintsOfRun(run, { readSource: () => LIBRARY_SUITE, canaries: [] });

    // m04 was killed at another rule, m05 at none; the named kills, m01 and m02, need no line.
    expect([...hints.keys()].sort()).toEqual(['m03', 'm04', 'm05', 'm08']);
    expect([...hints.values()].map((hint) => hint.killed)).toEqual([
      undefined,
      'elsewhere',
      'unnamed',
      undefined,
    ]);
    expect(must(hints.get('m03')).style).toBe('library');
    expect(must(hints.get('m03')).testNames).toEqual([
      'tools/call > should reject an unknown tool with -32602',
    ]);
  });

  it('should use labelled expect when the file cannot be read', () => {
    const hints = hintsOfRun(makeRun(), { readSource: () => undefined, canaries: [] });

    expect(must(hints.get('m03')).style).toBe('expect');
  });

  it('should hint nothing for a run without survivors or kills short of their rule', () => {
    const run = makeRun({
      mutants: makeRun().mutants.filter(
        (m) => m.status !== 'Survived' && (m.status !== 'Killed' || m.killedAt?.named === true),
      ),
    });

    expect(hintsOfRun(run, { readSource: () => PLAIN_SUITE }).size).toBe(0);
  });
});

describe('formatHint', () => {
  it('should say where the line goes and which import it needs', () => {
    const hint = {
      mutantId: 'x',
      mutatorName: 'leak-internals',
      rule: 'sanitize.leak',
      code: 'expectEnvelope(response).toNotLeak()',
      variable: 'response',
      imports: [{ name: 'expectEnvelope', from: 'envelope-mutants' }],
      style: 'expect',
      testFile: 'test/tools.test.ts',
      testNames: ['tools > should fail'],
      siteKey: 'k#0',
      method: 'tools/call',
    } as const;

    const text = formatHint(hint);

    expect(text.split('\n')).toEqual([
      'add to test/tools.test.ts > "tools > should fail", where `response` is the tools/call response the tap returned (site k#0):',
      '  expectEnvelope(response).toNotLeak()',
      "  // import { expectEnvelope } from 'envelope-mutants';",
    ]);
  });
});

describe('formatHint of a kill', () => {
  it('should say the kill named no rule, and that the line goes before the failing assertion', () => {
    const hints = hintsOfRun(makeRun(), { readSource: () => PLAIN_SUITE, canaries: [] });

    const unnamed = formatHint(must(hints.get('m05'))).split('\n')[0];
    const elsewhere = formatHint(must(hints.get('m04'))).split('\n')[0];

    expect(unnamed).toMatch(
      /^killed, but not at an assertion that names the rule; to name it, add before the assertion that failed in test\/contract\/tools.test.ts > /,
    );
    expect(elsewhere).toMatch(
      /^killed at an assertion naming another rule; to name it, add before/,
    );
  });
});

describe('hintForSite', () => {
  it('should hint a mutant whatever its verdict, for explain', () => {
    const run = makeRun();
    const site = must(run.sites[0]);

    const hint = hintForSite({
      mutantId: 'm01',
      mutatorName: 'change-id',
      site,
      tests: run.tests,
      projectRoot: '/nonexistent',
      canaries: [],
      taxonomy: resolveTaxonomy(),
    });

    expect(hint?.code).toBe(`expect(response?.id, 'jsonrpc.id').toBe(41)`);
    expect(hint?.style).toBe('expect');
  });
});
