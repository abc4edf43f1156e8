import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildHtmlReport } from '../../src/report/build-html-report.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { makeRun, makeRunOf, TOOL_ERROR } from '../support/make-run.js';

/** A stand-in for the mutation-testing-elements bundle, when a test sets one. */
const bundle = vi.hoisted(() => ({ text: undefined as string | undefined }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: never[]) =>
    bundle.text !== undefined && String(path).endsWith('mutation-test-elements.js')
      ? bundle.text
      : fs.readFileSync(path, ...rest)) as typeof fs.readFileSync;
  return { ...fs, readFileSync };
});

/** The one line of the page that hands the report to the component. */
function reportLine(html: string): string {
  return html.split('\n').find((line) => line.startsWith('  app.report = ')) ?? '';
}

const HOSTILE = '</script><script>window.pwned = 1</script>';

describe('buildHtmlReport', () => {
  it('should show both scores in its own header', () => {
    const html = buildHtmlReport(buildJsonReport(makeRun(), { env: {} }));

    expect(html).toContain(
      '<span class="score" id="mutation-score">Mutation score <b>80.00%</b></span>',
    );
    expect(html).toContain(
      '<span class="score" id="named-kill-score">Named-kill score <b>50.00%</b></span>',
    );
  });

  it('should embed an envelope holding a closing script tag without closing the script', () => {
    const site = {
      ...TOOL_ERROR,
      value: {
        jsonrpc: '2.0',
        id: 42,
        result: { content: [{ type: 'text', text: HOSTILE }], isError: true },
      },
    };
    const report = buildJsonReport(makeRun({ sites: [site], mutants: [] }), { env: {} });

    const html = buildHtmlReport(report);

    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('\\u003c/script>\\u003cscript>window.pwned = 1');
    // Negative control: the raw JSON would have carried it.
    expect(JSON.stringify(report)).toContain(HOSTILE);
  });

  it('should say when the run is incomplete or strict', () => {
    const html = buildHtmlReport(
      buildJsonReport(makeRun({ complete: false, strict: true }), { env: {} }),
    );

    expect(html).toContain('<strong>incomplete run</strong>');
    expect(html).toContain('strict (the gate uses the named-kill score)');
  });
});

describe('buildHtmlReport header', () => {
  it('should say only the profile and seed for a complete, non-strict run', () => {
    const html = buildHtmlReport(buildJsonReport(makeRun(), { env: {} }));

    expect(html).toContain('<div class="meta">profile mcp-2025-11-25 · seed 20251125</div>');
    expect(html).toContain('<title>envelope-mutants · named-kill score 50.00%</title>');
  });

  it('should show n/a for the scores of a run with no valid mutant', () => {
    const html = buildHtmlReport(buildJsonReport(makeRunOf({ status: 'Ignored' }, 1), { env: {} }));

    expect(html).toContain('<title>envelope-mutants · named-kill score n/a</title>');
    expect(html).toContain('Mutation score <b>n/a</b>');
    expect(html).toContain('Named-kill score <b>n/a</b>');
  });

  it('should escape the HTML characters of the profile and only those', () => {
    const html = buildHtmlReport(
      buildJsonReport(makeRun({ profile: `mcp <2025> & "x" 'y'` }), { env: {} }),
    );

    expect(html).toContain(
      '<div class="meta">profile mcp &#60;2025&#62; &#38; &#34;x&#34; &#39;y&#39; · seed 20251125</div>',
    );
  });
});

describe('buildHtmlReport script', () => {
  afterEach(() => {
    bundle.text = undefined;
    vi.resetModules();
  });

  it('should keep the line and paragraph separators of an envelope, escaped', () => {
    const site = {
      ...TOOL_ERROR,
      value: {
        jsonrpc: '2.0',
        id: 42,
        result: { content: [{ type: 'text', text: 'a\u2028b\u2029c' }] },
      },
    };
    const report = buildJsonReport(makeRun({ sites: [site], mutants: [] }), { env: {} });

    const line = reportLine(buildHtmlReport(report));

    expect(line).toContain('a\\u2028b\\u2029c');
    expect(line).not.toMatch(/[\u2028\u2029]/);
  });

  it('should escape a closing script tag inside the elements bundle', async () => {
    bundle.text = 'const tpl = "</script><SCRIPT>alert(1)</Script>";';
    const fresh = await import('../../src/report/build-html-report.js');

    const html = fresh.buildHtmlReport(buildJsonReport(makeRun(), { env: {} }));

    expect(html).toContain(
      '<script>const tpl = "<\\/script><SCRIPT>alert(1)<\\/script>";</script>',
    );
    expect(html.match(/<\/script/gi)).toHaveLength(2);
  });

  it('should inline the real bundle when no test replaces it (negative control)', () => {
    const html = buildHtmlReport(buildJsonReport(makeRun(), { env: {} }));

    expect(html).toContain('customElements.define');
  });
});
