import type {
  MutantResult as SchemaMutant,
  MutationTestResult,
} from 'mutation-testing-report-schema';
import type { KilledAt } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { ruleFromFailureMessage } from '../oracle/attribute-failure.js';
import { codeMutantStatus } from '../report/code-mutant-status.js';
import type { CodeMutant } from './code-mutant.js';

/**
 * The code-level mutants of a StrykerJS report with their kills attributed to rules. StrykerJS's
 * vitest runner puts the first error message of the failing test in `statusReason`, so the rule
 * comes from the same `[rule]` / `label:` prefix the runner reads for envelope mutants, with the
 * project's `labels` mapped the same way.
 */
export function attributeCodeMutants(
  report: MutationTestResult,
  labels: ReadonlyMap<string, RuleName>,
): readonly CodeMutant[] {
  const testNames = testNamesById(report);
  return Object.entries(report.files).flatMap(([file, result]) =>
    result.mutants.map((mutant) => codeMutant(file, mutant, testNames, labels)),
  );
}

function codeMutant(
  file: string,
  mutant: SchemaMutant,
  testNames: ReadonlyMap<string, string>,
  labels: ReadonlyMap<string, RuleName>,
): CodeMutant {
  const status = codeMutantStatus(mutant.status);
  const reason = mutant.statusReason ?? null;
  const base = {
    id: mutant.id,
    file,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement ?? null,
    status,
    statusReason: reason,
  };
  if (status !== 'Killed') return base;
  return { ...base, killedAt: killedAt(mutant, reason, testNames, labels) };
}

function killedAt(
  mutant: SchemaMutant,
  reason: string | null,
  testNames: ReadonlyMap<string, string>,
  labels: ReadonlyMap<string, RuleName>,
): KilledAt {
  const testId = mutant.killedBy?.[0];
  const test = testId === undefined ? '(unknown test)' : (testNames.get(testId) ?? testId);
  const rule = reason === null ? null : ruleFromFailureMessage(reason, labels);
  return { test, rule, named: rule !== null };
}

function testNamesById(report: MutationTestResult): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const testFile of Object.values(report.testFiles ?? {})) {
    for (const test of testFile.tests) names.set(test.id, test.name);
  }
  return names;
}
