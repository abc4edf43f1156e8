// Harmless mutants on the bundled examples: the strong contract suite stays green on every change
// the profile allows; the weak suite's snapshot and whole-message toMatchObject are Brittle. One
// run per example, harmless mutators only, serves every assertion.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempCopy } from '../../support/temp-copy.js';

interface HarmlessMutant {
  readonly mutatorName: string;
  readonly status: string;
  readonly statusReason?: string;
  readonly harmless?: { readonly status: string };
}

interface BrittleReport {
  readonly files: Record<string, { readonly mutants: readonly HarmlessMutant[] }>;
  readonly envelopeMutants: {
    readonly mutationScore: number | null;
    readonly brittleness?: {
      readonly harmless: number;
      readonly brittle: number;
      readonly percent: number | null;
      readonly tests: readonly {
        readonly name: string;
        readonly hint: string;
        readonly failures: readonly { readonly mutatorName: string; readonly assertion: string }[];
      }[];
    };
  };
}

interface ExampleRun {
  readonly exitCode: number;
  readonly report: BrittleReport;
  readonly mutants: readonly HarmlessMutant[];
}

let copy: string;

beforeAll(() => {
  // The examples (they import each other) and the tsconfig they extend, with the repository's
  // build and modules where their vitest config expects them.
  copy = tempCopy(['examples', 'tsconfig.json']).dir;
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** `run --mutators harmless` on the copy of `examples/<name>`, gated at `thresholds.brittle` 0. */
async function runHarmless(name: string): Promise<ExampleRun> {
  const root = join(copy, 'examples', name);
  const configFile = join(root, 'envelope-mutants.config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { thresholds?: object };
  writeFileSync(
    configFile,
    JSON.stringify({ ...config, thresholds: { ...config.thresholds, brittle: 0 } }),
  );
  // vmForks (instanced rounds, no confirmation in the project's pool): brittleness, not the pools,
  // is under test here; test/e2e/runner checks that the pools give the same verdicts.
  const { exitCode } = await runCli(
    ['run', '--root', root, '--mutators', 'harmless', '--reporters', 'json', '--pool', 'vmForks'],
    { cwd: copy },
  );
  const report = JSON.parse(
    readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8'),
  ) as BrittleReport;
  return { exitCode, report, mutants: Object.values(report.files).flatMap((file) => file.mutants) };
}

describe('harmless mutants on examples/mcp-server', () => {
  let run: ExampleRun;
  beforeAll(async () => {
    run = await runHarmless('mcp-server');
  }, 600_000);

  it('should make harmless mutants of both kinds, all of them Ignored and out of the scores', () => {
    const kinds = new Set(run.mutants.map((mutant) => mutant.mutatorName));

    expect([...kinds].sort()).toEqual([
      'add-extension-member',
      'renumber-request-id',
      'reorder-members',
      'reword-message',
    ]);
    expect(run.mutants.every((mutant) => mutant.status === 'Ignored')).toBe(true);
    expect(run.report.envelopeMutants.mutationScore).toBeNull();
  });

  it('should find the strong suite brittle nowhere and pass the brittle gate', () => {
    const figure = run.report.envelopeMutants.brittleness;

    expect(figure?.tests).toEqual([]);
    expect(figure?.brittle).toBe(0);
    expect(figure?.harmless).toBe(run.mutants.length);
    expect(run.mutants.map((mutant) => mutant.harmless?.status)).not.toContain('Killed');
    expect(run.exitCode).toBe(0);
  });
});

describe('harmless mutants on examples/mcp-server-weak', () => {
  let run: ExampleRun;
  beforeAll(async () => {
    run = await runHarmless('mcp-server-weak');
  }, 600_000);

  it('should report the snapshot and the whole-message toMatchObject as brittle, with hints', () => {
    const tests = run.report.envelopeMutants.brittleness?.tests ?? [];
    const byName = new Map(
      tests.map((test) => [test.name.replace(/^accounts server > /, ''), test]),
    );

    expect([...byName.keys()].sort()).toEqual([
      'should explain an unknown tool',
      'should reject a frozen account',
    ]);
    const snapshot = byName.get('should reject a frozen account');
    expect(snapshot?.hint).toMatch(
      /^this snapshot fails on a reworded message and on an allowed extension member/,
    );
    expect(snapshot?.failures.every((failure) => /snapshot/i.test(failure.assertion))).toBe(true);
    const pinned = byName.get('should explain an unknown tool');
    expect(pinned?.hint).toMatch(/^assert the code and the layer, not the whole message/);
    expect(pinned?.failures.map((failure) => failure.mutatorName)).toContain('reword-message');
  });

  it("should judge each mutant's copy against the file's own snapshot, and write none", () => {
    // A copy of a test file in an instanced round once resolved a snapshot file of its own,
    // wrote it, and so passed whatever its mutant changed.
    const snapshots = readdirSync(
      join(copy, 'examples', 'mcp-server-weak', 'test', '__snapshots__'),
    );

    expect(snapshots).toEqual(['accounts.test.ts.snap']);
  });

  it('should keep tolerant tests out of the list, say Brittle in statusReason, and fail the gate', () => {
    const figure = run.report.envelopeMutants.brittleness;
    const brittle = run.mutants.filter((mutant) => mutant.harmless?.status === 'Killed');

    expect(figure?.brittle).toBe(brittle.length);
    expect(figure?.brittle).toBeLessThan(figure?.harmless ?? 0);
    expect(
      brittle.every((mutant) => mutant.statusReason?.startsWith('harmless mutant, Brittle:')),
    ).toBe(true);
    expect(run.exitCode).toBe(1);
  });
});
