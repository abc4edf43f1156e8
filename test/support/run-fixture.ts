import { existsSync, readFileSync, rmSync } from 'node:fs';
import { runCli, type CliResult } from './run-cli.js';

/** A mutant as the JSON report holds it, with the key of its site. */
export interface ReportedMutant {
  readonly id: string;
  readonly siteKey: string;
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly statusReason?: string;
  readonly killedAt?: {
    readonly test: string;
    readonly rule: string | null;
    readonly named: boolean;
    readonly timedOut?: boolean;
  };
  readonly envelopeMutants?: {
    readonly verdictSource: string;
    readonly strayed?: { readonly planned: string; readonly met: string };
  };
}

export interface RunFixtureOptions {
  readonly timeoutMs?: number;
  /** The `reportDir` of the config the flags select, relative to the fixture. */
  readonly reportDir?: string;
  /** Variables added to the command's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The directory the command runs in; the repository's root by default. */
  readonly cwd?: string;
}

export interface FixtureRun {
  readonly result: CliResult;
  readonly mutants: ReportedMutant[];
  readonly vitestRuns: number;
}

/**
 * `run` on the fixture suite at `root` (a temporary copy: `fixtureCopies()`), JSON report only;
 * returns the exit and the report's mutants.
 */
export async function runFixture(
  root: string,
  ...extra: (string | RunFixtureOptions)[]
): Promise<FixtureRun> {
  const options = extra.find((arg) => typeof arg !== 'string');
  const reportFile = `${root}/${options?.reportDir ?? 'reports/envelope-mutants'}/mutation.json`;
  rmSync(reportFile, { force: true });
  const flags = extra.filter((arg): arg is string => typeof arg === 'string');
  const args = ['run', '--root', root, '--reporters', 'json', ...flags];
  const result = await runCli(args, {
    timeoutMs: options?.timeoutMs ?? 280_000,
    ...(options?.env === undefined ? {} : { env: options.env }),
    ...(options?.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  if (!existsSync(reportFile)) return { result, mutants: [], vitestRuns: 0 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    files: Record<string, { mutants: ReportedMutant[]; envelopeMutants: { siteKey: string } }>;
    envelopeMutants: { vitestRuns: number };
  };
  const mutants = Object.values(report.files).flatMap((file) =>
    file.mutants.map((mutant) => ({ ...mutant, siteKey: file.envelopeMutants.siteKey })),
  );
  return { result, mutants, vitestRuns: report.envelopeMutants.vitestRuns };
}

/** What must not differ between a batched and an isolated run: status and where it was killed. */
export function verdicts(mutants: readonly ReportedMutant[]): Record<string, unknown> {
  return Object.fromEntries(
    mutants.map((mutant) => [
      mutant.id,
      {
        status: mutant.status,
        rule: mutant.killedAt?.rule ?? null,
        named: mutant.killedAt?.named ?? null,
      },
    ]),
  );
}
