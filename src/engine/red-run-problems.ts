import { redactSecrets } from '../secrets/redact-secrets.js';
import { failureHeadline } from './failure-headline.js';
import type { RoundOutcome } from './round-outcome.js';

/**
 * What makes a run of `files` (relative, as the run names them) red, as `vitest run` would say it:
 * a file's error outside its tests, a failed test, an error outside every file, a file that did
 * not run. One line each; none for a green run.
 */
export function redRunProblems(outcome: RoundOutcome, files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of outcome.files.values())
    for (const error of file.errors) problems.push(`${file.file}: ${failureHeadline(error)}`);
  for (const test of outcome.tests.values())
    if (test.state === 'failed')
      problems.push(`${test.file} > ${test.name}: ${failureHeadline(test.errors[0] ?? '')}`);
  for (const error of outcome.unhandled)
    problems.push(`unhandled error: ${failureHeadline(error)}`);
  for (const file of files) if (!outcome.files.has(file)) problems.push(`${file}: did not run`);
  return problems;
}

/**
 * The first ten problems as an indented list for a refusal, the rest counted. Failure messages
 * quote what the suite saw, credentials included: never print those.
 */
export function listedProblems(problems: readonly string[]): string {
  const listed = problems
    .slice(0, 10)
    .map((problem) => `\n  - ${redactSecrets(problem, process.env)}`)
    .join('');
  const more = problems.length > 10 ? `\n  … and ${problems.length - 10} more` : '';
  return `${listed}${more}`;
}
