import type { Environment } from '../secrets/redact-secrets.js';
import { writeArtifact } from '../secrets/write-artifact.js';
import { buildHtmlReport } from './build-html-report.js';
import type { EnvelopeMutationReport } from './envelope-report.js';

/** Where one report goes: the JSON file, the HTML page, either or both. */
export interface ReportFiles {
  readonly json?: string;
  readonly html?: string;
  /** Whose secret-looking variables are redacted; default `process.env`. */
  readonly env?: Environment;
}

/**
 * The one writer of report files: `run` (sharded or not, with or without StrykerJS) and `merge`
 * all write through it, so every report gets the same fields, layout and redaction. A report
 * merged with StrykerJS's code mutants has the same shape plus source files, which
 * mutation-testing-elements shows alongside the envelope sites.
 *
 * @internal
 */
export async function writeReportFiles(
  report: EnvelopeMutationReport,
  files: ReportFiles,
): Promise<readonly string[]> {
  const env = files.env === undefined ? {} : { env: files.env };
  const written: string[] = [];
  if (files.json !== undefined) {
    await writeArtifact(files.json, `${JSON.stringify(report, null, 2)}\n`, env);
    written.push(files.json);
  }
  if (files.html !== undefined) {
    await writeArtifact(files.html, buildHtmlReport(report), env);
    written.push(files.html);
  }
  return written;
}
