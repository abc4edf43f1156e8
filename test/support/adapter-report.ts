// The committed StrykerJS report of test/fixtures/stryker/adapter (see its README), and a small
// envelope run to merge it with.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import type { MutantResult, MutationRun, Site } from '../../src/mutant/mutation-run.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import type { EnvelopeMutationReport } from '../../src/report/envelope-report.js';
import { mergeStrykerReport } from '../../src/stryker/merge-stryker-report.js';

export const ADAPTER_REPORT_PATH = fileURLToPath(
  new URL('../fixtures/stryker/adapter-report.json', import.meta.url),
);
export const ADAPTER_ROOT = fileURLToPath(new URL('../fixtures/stryker/adapter', import.meta.url));

/** A fresh copy each time, so a test that edits it cannot leak into another. */
export function adapterReport(): MutationTestResult {
  return JSON.parse(readFileSync(ADAPTER_REPORT_PATH, 'utf8')) as MutationTestResult;
}

/** The labels of the fixture's envelope-mutants.config.json. */
export const ADAPTER_LABELS: ReadonlyMap<string, RuleName> = new Map([
  ['retry decision', 'policy.action'],
]);

/** The report with every assertion label removed: what an unlabelled suite makes StrykerJS write. */
export function withoutLabels(report: MutationTestResult): MutationTestResult {
  const strip = (reason: string): string => reason.replace(/^[^\s:][^:\n]*?:\s/, '');
  const files = Object.fromEntries(
    Object.entries(report.files).map(([name, file]) => [
      name,
      {
        ...file,
        mutants: file.mutants.map((mutant) =>
          mutant.statusReason === undefined
            ? mutant
            : { ...mutant, statusReason: strip(mutant.statusReason) },
        ),
      },
    ]),
  );
  return { ...report, files };
}

const UNKNOWN_TOOL: Site = {
  key: 'unknown-tool',
  kind: 'envelope',
  file: 'test/contract/tools.test.ts',
  testIds: ['t1'],
  fileLevel: false,
  value: { jsonrpc: '2.0', id: 41, error: { code: -32602, message: 'Unknown tool: forecast' } },
  check: { requestId: 41, method: 'tools/call', expected: { layer: 'protocol', code: -32602 } },
};

function envelopeMutant(id: string, verdict: Partial<MutantResult>): MutantResult {
  return {
    id,
    siteKey: UNKNOWN_TOOL.key,
    mutatorName: 'change-id',
    replacement: 'id 41 → "41"',
    path: ['id'],
    status: 'Survived',
    killedBy: [],
    coveredBy: ['t1'],
    ...verdict,
  };
}

/** Four envelope mutants: named, elsewhere, unnamed, survived — 75% and 25%. */
export function envelopeRun(breakAt: number | null = null): MutationRun {
  const killed = (rule: RuleName | null, named: boolean): Partial<MutantResult> => ({
    status: 'Killed',
    killedBy: ['t1'],
    killedAt: { test: 't1', rule, named },
  });
  return {
    projectRoot: '.',
    profile: 'mcp-2025-11-25',
    seed: 1,
    strict: false,
    thresholds: { high: 80, low: 60, break: breakAt },
    sites: [UNKNOWN_TOOL],
    tests: [
      { id: 't1', name: 'tools/call > should reject an unknown tool', file: UNKNOWN_TOOL.file },
    ],
    mutants: [
      envelopeMutant('e1', killed('jsonrpc.id', true)),
      envelopeMutant('e2', killed('mcp.layer', false)),
      envelopeMutant('e3', killed(null, false)),
      envelopeMutant('e4', { statusReason: 'every covering test passed' }),
    ],
    complete: true,
    vitestRuns: 2,
    durationMs: 1000,
  };
}

/**
 * The report `run --with-stryker` writes for `envelopeRun` and `stryker`, as `merge` reads it back
 * from its JSON.
 */
export function mergedReportJson(
  stryker: MutationTestResult = adapterReport(),
  breakAt: number | null = null,
): EnvelopeMutationReport {
  const merged = mergeStrykerReport(buildJsonReport(envelopeRun(breakAt), { env: {} }), stryker, {
    labels: ADAPTER_LABELS,
  });
  return JSON.parse(JSON.stringify(merged)) as EnvelopeMutationReport;
}

/** The envelope-only report of `envelopeRun`, as read back from its JSON. */
export function envelopeReportJson(breakAt: number | null = null): EnvelopeMutationReport {
  const report = buildJsonReport(envelopeRun(breakAt), { env: {} });
  return JSON.parse(JSON.stringify(report)) as EnvelopeMutationReport;
}
