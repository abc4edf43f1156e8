// The hints of a suite that holds SDK results must work, not just read well: run every mutator on
// the shared-client fixture, paste every hint it prints (survivors' and unnamed kills') into the
// test file mechanically, and the run after names at least 90 % of the mutants, with the suite
// still green under plain vitest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { readJsonReport, type ReadReport } from '../../support/read-json-report.js';
import { runCli, runNode } from '../../support/run-cli.js';
import { fixtureCopy, type TempCopy } from '../../support/temp-copy.js';
import { applySdkHints, type SdkReportHint } from './apply-sdk-hints.js';

type HintedMutant = ReadReport['mutants'][number] & {
  readonly replacement: string;
  readonly hint?: SdkReportHint & { readonly killed?: string };
};

const SPEC = 'client.spec.ts';

let copy: TempCopy;
let before: ReadReport;
let after: ReadReport;
let pasted: readonly HintedMutant[];
let plainVitest: number;

async function run(): Promise<ReadReport> {
  // vmForks (instanced rounds): the hints are under test here, not the pools;
  // test/e2e/runner/sdk-shared-client.test.ts checks that every mode gives --isolate's verdicts.
  const result = await runCli([
    'run',
    '--root',
    copy.root,
    '--reporters',
    'json',
    '--pool',
    'vmForks',
  ]);
  if (result.exitCode !== 0) throw new Error(`run failed (${result.exitCode}): ${result.stderr}`);
  return readJsonReport(join(copy.root, 'reports', 'envelope-mutants', 'mutation.json'));
}

beforeAll(async () => {
  copy = fixtureCopy('sdk-shared-client');
  // The whole catalogue, not the two mutators the fixture's own e2e test needs.
  writeFileSync(join(copy.root, 'envelope-mutants.config.json'), '{ "pool": "project" }\n');
  before = await run();
  pasted = (before.mutants as HintedMutant[]).filter((m) => m.hint !== undefined);
  const file = join(copy.root, SPEC);
  const hints = pasted.flatMap((m) => (m.hint === undefined ? [] : [m.hint]));
  // The fixture's tests and hooks time out at 1 s: the request timeout goes below it.
  const options = { timeoutMs: 500 };
  writeFileSync(file, applySdkHints(readFileSync(file, 'utf8'), hints, options));
  const vitest = await runNode(join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), [
    'run',
    '--root',
    copy.root,
  ]);
  plainVitest = vitest.exitCode;
  after = await run();
}, 900_000);
afterAll(() => copy.remove());

const label = (m: HintedMutant): string => `${m.siteKey.replace(/^[^#]*#/, '')} ${m.mutatorName}`;

describe('hints on a suite with a shared SDK client, pasted', { timeout: 60_000 }, () => {
  it('should have hints for the kills that named no rule, not only for the survivors', () => {
    const kills = pasted.filter((m) => m.status === 'Killed');

    expect(kills.length).toBeGreaterThan(0);
    expect(kills.every((m) => m.hint?.killed === 'unnamed' || m.hint?.killed === 'elsewhere')).toBe(
      true,
    );
    expect(before.summary.namedKillScore).toBeLessThan(90);
  });

  it('should keep the suite green under plain vitest', () => {
    expect(plainVitest).toBe(0);
  });

  it('should name at least 90 % of the mutants after pasting', () => {
    expect(after.summary.complete).toBe(true);
    expect(after.summary.namedKillScore).toBeGreaterThanOrEqual(90);
  });

  it('should leave only the mutants the SDK client makes harmless unnamed', () => {
    // docs/sdk-client-suites.md "What no hint names": the SDK reads a response id by `Number(id)`,
    // so "1" answers 1; it keeps no `_meta` of the initialize result.
    const unnamed = (after.mutants as HintedMutant[])
      .filter((m) => m.killedAt?.named !== true)
      .map((m) => `${label(m)}: ${m.status} ${m.replacement.replace(/CANARY-\w+/, 'CANARY')}`);

    expect(unnamed.sort()).toEqual([
      'in:initialize#0 change-id: Survived id 0 → "0"',
      'in:initialize#0 leak-canary: Survived result._meta.debug = CANARY',
      'in:tools/call#0 change-id: Survived id 1 → "1"',
      'in:tools/call#0 change-id: Survived id 3 → "3"',
      'in:tools/call#0 change-id: Survived id 4 → "4"',
      'in:tools/list#0 change-id: Survived id 2 → "2"',
    ]);
  });
});
