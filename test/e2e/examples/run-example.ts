import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../support/run-cli.js';
import type { ReportHint } from '../../support/apply-hints.js';
import { tempCopy } from '../../support/temp-copy.js';

/** The parts of the JSON report these tests read (mutation-testing-report-schema + our block). */
export interface ExampleReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly ReportedMutant[] }>>;
  readonly envelopeMutants: {
    readonly complete: boolean;
    readonly mutationScore: number;
    readonly namedKillScore: number;
  };
}

export interface ReportedMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly status: string;
  readonly replacement?: string;
  readonly killedAt?: { readonly rule: string | null; readonly named: boolean };
  /** How the verdict was obtained (`unobserved`: proven without a run of its own). */
  readonly envelopeMutants?: { readonly verdictSource?: string };
  /** The survivor hint: the assertion that would have killed it, and where it goes. */
  readonly hint?: ReportHint & { readonly rule: string; readonly testFile: string };
}

export interface ExampleRun {
  readonly exitCode: number;
  readonly report: ExampleReport;
  readonly mutants: readonly ReportedMutant[];
}

/**
 * Runs the built CLI (`npm run build` first) on a temporary copy of `examples/<name>` with
 * `--strict` and reads the JSON report it writes; `extraArgs` go after the others. The exit code
 * is returned, not thrown: the gate is part of the result. The copy holds every example (they
 * import each other) and the tsconfig they extend; it is removed once the report is read.
 */
export async function runExample(
  name: string,
  extraArgs: readonly string[] = [],
): Promise<ExampleRun> {
  const copy = tempCopy(['examples', 'tsconfig.json']);
  try {
    return await runExampleIn(copy.root, name, extraArgs);
  } finally {
    copy.remove();
  }
}

/**
 * `runExample` on a copy the caller made and removes: `examples` is the `root` of
 * `tempCopy(['examples', 'tsconfig.json'])`. A test that edits the example after the run can work
 * on the same copy.
 */
export async function runExampleIn(
  examples: string,
  name: string,
  extraArgs: readonly string[] = [],
): Promise<ExampleRun> {
  const root = join(examples, name);
  const args = ['run', '--root', root, '--strict', '--reporters', 'json', ...extraArgs];
  const { exitCode } = await runCli(args);
  const reportFile = join(root, 'reports', 'envelope-mutants', 'mutation.json');
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ExampleReport;
  const mutants = Object.values(report.files).flatMap((file) => file.mutants);
  return { exitCode, report, mutants };
}

/** `mutator: replacement (status)` for every mutant not killed at a named assertion. */
export function notNamedKills(mutants: readonly ReportedMutant[]): string[] {
  return mutants
    .filter((mutant) => mutant.killedAt?.named !== true)
    .map((mutant) => `${mutant.mutatorName}: ${mutant.replacement ?? ''} (${mutant.status})`);
}
