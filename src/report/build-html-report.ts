import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Brittleness } from './brittleness.js';
import type { EnvelopeMutationReport } from './envelope-report.js';

let elementsScript: string | undefined;

/**
 * The browser bundle of mutation-testing-elements, inlined (as StrykerJS's html reporter does) so
 * the report opens from disk with no network.
 */
function elements(): string {
  if (elementsScript === undefined) {
    const require = createRequire(import.meta.url);
    const path = require.resolve('mutation-testing-elements/dist/mutation-test-elements.js');
    // A literal `</script` inside the bundle would end our <script> element early.
    elementsScript = readFileSync(path, 'utf8').replace(/<\/script/gi, '<\\/script');
  }
  return elementsScript;
}

/**
 * A self-contained HTML page: our header with BOTH scores (the component itself shows only the
 * mutation score), then `<mutation-test-report-app>` showing every site's envelope with the mutated
 * member marked. `report` is written as is: redact it before (buildJsonReport does).
 */
export function buildHtmlReport(report: EnvelopeMutationReport): string {
  const summary = report.envelopeMutants;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>envelope-mutants · ${summary.complete ? `named-kill score ${formatScore(summary.namedKillScore)}` : 'partial run'}</title>
<style>
  #envelope-mutants-header { font-family: system-ui, sans-serif; padding: 12px 24px; border-bottom: 1px solid #ccc; }
  #envelope-mutants-header h1 { font-size: 1.2rem; margin: 0 0 6px; }
  #envelope-mutants-header .score { display: inline-block; margin-right: 24px; font-size: 1.05rem; }
  #envelope-mutants-header .score b { font-size: 1.3rem; }
  #envelope-mutants-header .meta { color: #555; font-size: 0.85rem; margin-top: 4px; }
</style>
<script>${elements()}</script>
</head>
<body>
<header id="envelope-mutants-header">
  <h1>envelope-mutants</h1>
  ${summary.complete ? scores(summary) : partial(report)}
${summary.complete ? brittleness(summary.brittleness) : ''}  <div class="meta">profile ${html(summary.profile)} · seed ${summary.seed}${summary.strict ? ' · strict (the gate uses the named-kill score)' : ''}${summary.complete ? '' : ' · <strong>incomplete run</strong>'}</div>
</header>
<mutation-test-report-app title-postfix="envelope-mutants">
  Your browser does not support custom elements. Use a recent Chromium, Firefox or Safari.
</mutation-test-report-app>
<script>
  const app = document.querySelector('mutation-test-report-app');
  app.report = ${scriptJson(report)};
  function updateTheme() { document.body.style.backgroundColor = app.themeBackgroundColor; }
  app.addEventListener('theme-changed', updateTheme);
  updateTheme();
</script>
</body>
</html>
`;
}

/**
 * The brittleness figure and the brittle tests with their hints; the harmless mutants themselves
 * show in the component as `Ignored`, their statusReason saying which test failed on them.
 */
function brittleness(figure: Brittleness | undefined): string {
  if (figure === undefined) return '';
  const tests = figure.tests
    .map(
      (test) =>
        `<li><b>${html(test.name)}</b>: ${html(test.hint)}<ul>${test.failures
          .map(
            (failure) =>
              `<li>${html(failure.mutatorName)}: ${html(failure.replacement)}: <code>${html(failure.assertion)}</code></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  return `  <span class="score" id="brittleness">Brittle <b>${formatScore(figure.percent)}</b> (${figure.brittle} / ${figure.harmless} harmless mutants)</span>
  ${tests === '' ? '' : `<details class="meta" id="brittle-tests"><summary>Brittle tests (${figure.tests.length})</summary><ul>${tests}</ul></details>`}
`;
}

function scores(summary: EnvelopeMutationReport['envelopeMutants']): string {
  return `<span class="score" id="mutation-score">Mutation score <b>${formatScore(summary.mutationScore)}</b></span>
  <span class="score" id="named-kill-score">Named-kill score <b>${formatScore(summary.namedKillScore)}</b></span>`;
}

/** An interrupted run: how far it got, and no score (its scores would count the tested only). */
function partial(report: EnvelopeMutationReport): string {
  const mutants = Object.values(report.files).flatMap((file) => file.mutants);
  const tested = mutants.filter((mutant) => mutant.status !== 'Pending').length;
  return `<span class="score" id="partial-run">Partial run: <b>${tested} of ${mutants.length}</b> mutants tested; no score</span>`;
}

function formatScore(score: number | null): string {
  return score === null ? 'n/a' : `${score.toFixed(2)}%`;
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON as a script literal: `<` escaped so no string in it can close the <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
