import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportedMutant } from '../runner/run-cli.js';

/** Copies of fixture suites these tests may change; removed after the tests. */
export const CI_SUITES = fileURLToPath(
  new URL('../../fixtures/suites/.generated-ci/', import.meta.url),
);

/** Copies a fixture suite's own files (not its reports) to `.generated-ci/<name>`; returns the root. */
export function copySuite(fixture: string, name: string): string {
  const source = fileURLToPath(new URL(`../../fixtures/suites/${fixture}/`, import.meta.url));
  const root = `${CI_SUITES}${name}`;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(source, root, {
    recursive: true,
    filter: (from) => !/[/\\](node_modules|reports)$/.test(from),
  });
  // One level deeper than the fixture: the shared vitest config is one more `../` away.
  writeFileSync(
    `${root}/vitest.config.ts`,
    "import { fixtureConfig } from '../../vitest.fixture-config.js';\n\nexport default fixtureConfig();\n",
  );
  return root;
}

/** A JSON report as these tests read it. */
export interface ReadReport {
  readonly mutants: (ReportedMutant & { readonly testFile: string })[];
  readonly sites: string[];
  readonly summary: {
    readonly mutationScore: number | null;
    readonly namedKillScore: number | null;
    readonly complete: boolean;
    readonly shard?: { readonly index: number; readonly count: number };
  };
}

export function readJsonReport(file: string): ReadReport {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    files: Record<
      string,
      { mutants: ReportedMutant[]; envelopeMutants: { siteKey: string; testFile: string } }
    >;
    envelopeMutants: ReadReport['summary'];
  };
  const files = Object.values(report.files);
  return {
    mutants: files.flatMap((file) =>
      file.mutants.map((mutant) => ({
        ...mutant,
        siteKey: file.envelopeMutants.siteKey,
        testFile: file.envelopeMutants.testFile,
      })),
    ),
    sites: files.map((file) => file.envelopeMutants.siteKey).sort(),
    summary: report.envelopeMutants,
  };
}
