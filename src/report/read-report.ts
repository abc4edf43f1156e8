import { readFile } from 'node:fs/promises';
import { ConfigError } from '../config/config-error.js';
import { formatPosition, parseJson } from '../config/parse-json.js';
import type { EnvelopeMutationReport } from './envelope-report.js';
import { assertEnvelopeReport } from './validate-report.js';

/**
 * Reads and validates a `mutation.json` written by envelope-mutants. Every way it can be wrong
 * (missing, not JSON, not a report, not ours) is a ConfigError naming the path.
 */
export async function readReport(path: string): Promise<EnvelopeMutationReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${path}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        'Check the path; reports are written to reports/envelope-mutants/mutation.json by default.',
    );
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ConfigError(
      `${path}: not JSON (${formatPosition(parsed.position)}). Pass a mutation.json written by envelope-mutants run.`,
    );
  }
  assertEnvelopeReport(parsed.value, path);
  return parsed.value;
}
