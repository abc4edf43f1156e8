import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFileName } from '../../../src/report/build-json-report.js';
import { writeReports } from '../../../src/report/write-reports.js';
import { makeRun, SHOW_DECISION, UNKNOWN_TOOL } from '../../support/make-run.js';

// Debian's chromium (CI installs it in .ci/run); playwright never downloads a browser here.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT = join('test-output', 'html-report');

let browser: Browser | undefined;
let page: Page;
let url: string;

beforeAll(async () => {
  // No skip: a missing browser is a failed check of the HTML report.
  expect(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: apt-get install chromium`).toBe(true);
  await mkdir(OUT, { recursive: true });
  await writeReports(makeRun(), { outDir: OUT, reporters: ['html'], env: {} });
  url = pathToFileURL(join(OUT, 'mutation.html')).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  // The report must open from disk: any request that is not file:// is a defect.
  await page.route(/^(?!file:)/, (route) => route.abort());
});

afterAll(async () => {
  await browser?.close();
});

/** The text inside a component's open shadow root (`innerText` of a host sees only its light DOM). */
function shadowText(selector: string): Promise<string> {
  return (
    page
      .locator(selector)
      .first()
      // The callback runs in the page: the DOM types are not in this project's lib (ES2023, Node).
      // eslint-disable-next-line @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-member-access
      .evaluate((element) => element.shadowRoot?.textContent ?? element.textContent ?? '')
  );
}

/** The component's route to a file: it drops the prefix every file shares (`test/`). */
function fileRoute(): string {
  return `#mutant/${siteFileName(UNKNOWN_TOOL).replace(/^test\//, '')}`;
}

describe('mutation.html in headless Chromium', () => {
  it('should show both scores in the header and the mutation score in the component', async () => {
    await page.goto(url);

    await expect
      .poll(() => page.locator('#mutation-score').innerText())
      .toBe('Mutation score 80.00%');
    expect(await page.locator('#named-kill-score').innerText()).toBe('Named-kill score 50.00%');
    // CSS locators pierce the component's open shadow roots.
    const componentScore = page
      .locator('mte-metrics-table td', { hasText: /^\s*80\.00\s*$/ })
      .first();
    await componentScore.waitFor();
    expect(await componentScore.isVisible()).toBe(true);
    await page.screenshot({ path: join(OUT, 'all-files.png'), fullPage: true });
  });

  it('should mark a killed and a surviving mutant on the site envelope', async () => {
    await page.goto(`${url}${fileRoute()}`);
    await page.locator('mte-state-filter label', { hasText: 'Killed' }).click();

    const killed = page.locator('svg.mutant-dot.Killed[data-mutant-id="m01"]');
    const survivor = page.locator('svg.mutant-dot.Survived[data-mutant-id="m03"]');
    await killed.waitFor();

    expect(await killed.isVisible()).toBe(true);
    expect(await survivor.isVisible()).toBe(true);
    // Negative control: the same query finds nothing for a mutant the report does not have.
    expect(await page.locator('svg.mutant-dot[data-mutant-id="m99"]').count()).toBe(0);
    expect(await shadowText('mte-file')).toContain('"code": -32602');
    await page.screenshot({ path: join(OUT, 'site.png'), fullPage: true });
  });

  it('should show the mutator and status of a selected survivor', async () => {
    await page.goto(`${url}${fileRoute()}`);

    await page.locator('svg.mutant-dot.Survived[data-mutant-id="m03"]').click();

    await expect.poll(() => shadowText('mte-drawer-mutant')).toContain('undocumented-code');
    expect(await shadowText('mte-drawer-mutant')).toContain('Survived');
    await page.screenshot({ path: join(OUT, 'survivor.png'), fullPage: true });
  });

  it('should mark the mutants of a site whose key has a # (every generated key has one)', async () => {
    // Generated site keys carry a # and the component routes by the URL hash: its own link to
    // such a site must still open it with its mutants marked.
    expect(SHOW_DECISION.key).toContain('#');
    // A fresh document (the component keeps its state filters across routes of one page), then
    // the link the component itself renders for the site, as a reader's click would follow it.
    await page.goto('about:blank');
    await page.goto(`${url}#mutant`);
    const link = page.locator('a[href*="permanent"]').first();
    await link.waitFor({ state: 'attached' });
    const href = await link.getAttribute('href');
    expect(href).toContain('should%20show%20a%20permanent');
    await page.goto(href ?? '');
    await page.locator('mte-state-filter label', { hasText: 'Killed' }).click();

    const killed = page.locator('svg.mutant-dot.Killed[data-mutant-id="m11"]');
    await killed.waitFor();

    expect(await killed.isVisible()).toBe(true);
    expect(await shadowText('mte-file')).toContain('"action": "show-tool-error"');
  });
});
