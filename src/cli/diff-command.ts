import type { RegisterCommand } from './register-command.js';
import { ConfigError } from '../errors.js';
import {
  DEFAULT_FAIL_ON,
  DIFF_CATEGORIES,
  diffReports,
  regressionsOf,
  shardMismatch,
  type DiffCategory,
} from '../report/diff-reports.js';
import { formatDiff } from '../report/format-diff.js';
import { readReport } from '../report/read-report.js';
import { redactSecrets } from '../secrets/redact-secrets.js';

interface DiffFlags {
  readonly json?: boolean;
  readonly failOn?: string;
}

/** Parses `--fail-on survivors,moved`; `none` never fails. */
export function parseFailOn(text: string | undefined): readonly DiffCategory[] {
  if (text === undefined) return DEFAULT_FAIL_ON;
  const given = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  // An empty value is most often a CI variable that is not set: it must not turn the gate off.
  if (given.length === 0) {
    throw new ConfigError(
      `--fail-on: no category given. Pass a comma-separated list of ${DIFF_CATEGORIES.join(', ')}, or none to never fail.`,
    );
  }
  const names = given.filter((name) => name !== 'none');
  for (const name of names) {
    if (!(DIFF_CATEGORIES as readonly string[]).includes(name)) {
      throw new ConfigError(
        `--fail-on: unknown category "${name}". Use a comma-separated list of ${DIFF_CATEGORIES.join(', ')} (or none).`,
      );
    }
  }
  return names as DiffCategory[];
}

/**
 * `envelope-mutants diff base.json head.json [--json] [--fail-on …]`: what changed between two
 * reports. Exit 1 on a regression of a `--fail-on` category, 2 on an unreadable or invalid report.
 */
export const registerDiffCommand: RegisterCommand = (program, setExit) => {
  program
    .command('diff')
    .description(
      'compare two mutation.json reports: new survivors, moved or unnamed kills, changed sites',
    )
    .argument('<base>', 'the earlier report (e.g. before an SDK upgrade)')
    .argument('<head>', 'the later report')
    .option('--json', 'print the differences as JSON')
    .option(
      '--fail-on <categories>',
      `exit 1 when one of these changed: ${DIFF_CATEGORIES.join(', ')}, or none`,
      DEFAULT_FAIL_ON.join(','),
    )
    .action(async (basePath: string, headPath: string, flags: DiffFlags) => {
      const failOn = parseFailOn(flags.failOn);
      const [base, head] = [await readReport(basePath), await readReport(headPath)];
      const mismatch = shardMismatch(base, head);
      if (mismatch !== undefined) {
        throw new ConfigError(
          `diff: ${basePath} and ${headPath} hold different mutants: ${mismatch}, and a shard holds only its own mutants, so every other one would count as new or gone. Merge each run's shards first (envelope-mutants merge shard-*/mutation.json) and diff the merged reports, or diff the same --shard i/n of both runs.`,
        );
      }
      const diff = diffReports(base, head);
      const regressions = regressionsOf(diff, failOn);
      const text =
        flags.json === true
          ? `${JSON.stringify({ base: basePath, head: headPath, ...diff, regressions }, null, 2)}\n`
          : `envelope-mutants diff ${basePath} → ${headPath}\n${formatDiff(diff, regressions)}`;
      process.stdout.write(redactSecrets(text, process.env));
      setExit(regressions.length > 0 ? 1 : 0);
    });
};
