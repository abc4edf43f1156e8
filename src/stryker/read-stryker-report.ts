import { readFile } from 'node:fs/promises';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { ConfigError } from '../config/config-error.js';
import { formatPosition, parseJson } from '../config/parse-json.js';
import { reportSchemaErrors } from '../report/validate-report.js';

/** Where StrykerJS's json reporter writes by default (its `jsonReporter.fileName`). */
export const STRYKER_DEFAULT_REPORT = 'reports/mutation/mutation.json';

/**
 * Reads a StrykerJS JSON report (mutation-testing-report-schema). Every way it can be wrong —
 * missing, not JSON, not a mutation-testing report, an envelope-mutants report — is a ConfigError
 * naming the path.
 */
export async function readStrykerReport(path: string): Promise<MutationTestResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${path}: cannot read the StrykerJS report (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        `Check the path; StrykerJS's json reporter writes ${STRYKER_DEFAULT_REPORT} by default.`,
    );
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ConfigError(
      `${path}: not JSON (${formatPosition(parsed.position)}). Pass the mutation.json of StrykerJS's json reporter.`,
    );
  }
  const value = parsed.value;
  assertStrykerReport(value, path);
  return value;
}

/**
 * Checks that `value` (read from `where`) is a mutation-testing-report-schema report of code-level
 * mutants; throws a ConfigError naming `where` otherwise.
 */
export function assertStrykerReport(
  value: unknown,
  where: string,
): asserts value is MutationTestResult {
  const errors = reportSchemaErrors(value);
  if (errors.length > 0) {
    throw new ConfigError(
      `${where}: not a mutation-testing-report-schema report (${errors.slice(0, 3).join('; ')}). ` +
        `Pass the mutation.json of StrykerJS's json reporter ("reporters": ["json"]).`,
    );
  }
  const framework = (value as { framework?: { name?: unknown } }).framework?.name;
  if (framework === 'envelope-mutants') {
    throw new ConfigError(
      `${where}: this is an envelope-mutants report, not a StrykerJS one. ` +
        'Pass the report of `npx stryker run`; merge envelope-mutants shards with `envelope-mutants merge`.',
    );
  }
}
