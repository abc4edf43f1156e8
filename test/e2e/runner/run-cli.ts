import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = `${REPO}dist/src/bin.js`;

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A mutant as the JSON report holds it, with the key of its site. */
export interface ReportedMutant {
  readonly id: string;
  readonly siteKey: string;
  readonly mutatorName: string;
  readonly status: string;
  readonly statusReason?: string;
  readonly killedAt?: {
    readonly test: string;
    readonly rule: string | null;
    readonly named: boolean;
    readonly timedOut?: boolean;
  };
  readonly envelopeMutants?: { readonly verdictSource: string };
}

export function fixtureRoot(name: string): string {
  return `${REPO}test/fixtures/suites/${name}`;
}

/** Runs the BUILT command line (`npm run build` first) and waits for its exit. */
export function runCli(args: readonly string[], timeoutMs = 280_000): Promise<CliResult> {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run \`npm run build\` before the e2e tests`);
  return new Promise((resolve) => {
    execFile('node', [BIN, ...args], { cwd: REPO, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RunFixtureOptions {
  readonly timeoutMs?: number;
  /** The `reportDir` of the config the flags select, relative to the fixture. */
  readonly reportDir?: string;
}

/** `run` on a fixture suite, JSON report only; returns the exit and the report's mutants. */
export async function runFixture(
  name: string,
  ...extra: (string | RunFixtureOptions)[]
): Promise<{ result: CliResult; mutants: ReportedMutant[]; vitestRuns: number }> {
  const options = extra.find((arg) => typeof arg !== 'string');
  // Test files run in parallel: one that shares a fixture with another uses its own report dir.
  const reportFile = `${fixtureRoot(name)}/${options?.reportDir ?? 'reports/envelope-mutants'}/mutation.json`;
  rmSync(reportFile, { force: true });
  const flags = extra.filter((arg): arg is string => typeof arg === 'string');
  const args = ['run', '--root', fixtureRoot(name), '--reporters', 'json', ...flags];
  const result = await runCli(args, options?.timeoutMs);
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
