import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(REPO, 'dist', 'src', 'bin.js');

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
  /** The survivor hint: the assertion that would have killed it. */
  readonly hint?: { readonly rule: string; readonly code: string };
}

export interface ExampleRun {
  readonly exitCode: number;
  readonly report: ExampleReport;
  readonly mutants: readonly ReportedMutant[];
}

/**
 * Runs the built CLI (`npm run build` first) on `examples/<name>` with `--strict` and reads the
 * JSON report it writes; `extraArgs` go after the others. The exit code is returned, not thrown:
 * the gate is part of the result.
 */
export async function runExample(
  name: string,
  extraArgs: readonly string[] = [],
): Promise<ExampleRun> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first.`);
  const root = join('examples', name);
  const reportFile = join(REPO, root, 'reports', 'envelope-mutants', 'mutation.json');
  rmSync(reportFile, { force: true });
  const args = [BIN, 'run', '--root', root, '--strict', '--reporters', 'json', ...extraArgs];
  // The CLI starts vitest itself: it must not believe it already runs inside this test's worker.
  const { VITEST: _vitest, VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...env } = process.env;
  const options = { cwd: REPO, env: { ...env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 };
  const exitCode = await promisify(execFile)(process.execPath, args, options).then(
    () => 0,
    (error: unknown) => {
      const { code } = error as { code?: unknown };
      return typeof code === 'number' ? code : -1;
    },
  );
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
