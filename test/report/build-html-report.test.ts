import { describe, expect, it } from 'vitest';
import { buildHtmlReport } from '../../src/report/build-html-report.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { makeRun, TOOL_ERROR } from './fixtures.js';

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
