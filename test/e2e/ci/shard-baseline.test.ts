import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readJsonReport, type ReadReport } from '../../support/read-json-report.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { verdicts } from '../../support/run-fixture.js';
import { sharedRun } from '../../support/shared-run.js';
import { fixtureCopy, type TempCopy } from '../../support/temp-copy.js';

// One copy of a small suite with kills and survivors: it checks members but never ids. Its runs
// go to vmForks (`pool`): the claims here are shards, merges and baselines, which hold in any
// pool, and in `auto` each of its 7 survivors would be re-run in a process of its own, in every
// one of the file's runs (test/e2e/runner/ checks the pools and the default mode).
let copy: TempCopy | undefined;
let root = '';
const MUTATORS = ['--mutators', 'change-id,drop-both-members'];

function run(reportDir: string, ...flags: string[]): Promise<CliResult> {
  return runWith({}, reportDir, ...flags);
}

function runWith(keys: object, reportDir: string, ...flags: string[]): Promise<CliResult> {
  writeFileSync(
    `${root}/${reportDir}.config.json`,
    JSON.stringify({
      reportDir: `reports/${reportDir}`,
      thresholds: { break: 50 },
      pool: 'vmForks',
      ...keys,
    }),
  );
  const config = ['--config', `${reportDir}.config.json`];
  const args = ['run', '--root', root, '--reporters', 'json', ...config, ...MUTATORS, ...flags];
  return runCli(args, { timeoutMs: 280_000 });
}

function report(reportDir: string): ReadReport {
  return readJsonReport(`${root}/reports/${reportDir}/mutation.json`);
}

// The plain run (no shard, no baseline): the unsharded reference, the survivors a baseline
// accepts and the gate it fails without one, all from one run.
const plainRun = sharedRun(async () => ({ result: await run('plain'), report: report('plain') }));

beforeAll(() => {
  copy = fixtureCopy('never-checks-ids');
  root = copy.root;
});
afterAll(() => copy?.remove());

describe('envelope-mutants run --shard', () => {
  test('should give, merged, the verdicts and both scores of the unsharded run', async () => {
    // Arrange
    const whole = (await plainRun()).report;
    // Act
    await run('shard1', '--shard', '1/2');
    await run('shard2', '--shard', '2/2');
    const shards = [report('shard1'), report('shard2')];
    const merged = await runCli([
      'merge',
      `${root}/reports/shard1/mutation.json`,
      `${root}/reports/shard2/mutation.json`,
      '--out',
      `${root}/reports/merged/mutation.json`,
      '--no-html',
    ]);
    // Assert
    expect(merged.exitCode).toBe(1); // 2 of 9 detected: below break 50, as unsharded
    const joined = report('merged');
    expect(verdicts(joined.mutants)).toEqual(verdicts(whole.mutants));
    expect(joined.summary.mutationScore).toBe(whole.summary.mutationScore);
    expect(joined.summary.namedKillScore).toBe(whole.summary.namedKillScore);
    // Each shard names its place and the mark of its whole run, the same in both.
    const [first, second] = shards.map((shard) => shard.summary.shard);
    expect(first).toEqual({ index: 1, count: 2, run: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(second).toEqual({ index: 2, count: 2, run: first?.run });
    expect(shards.map((shard) => shard.sites)).toEqual([whole.sites, whole.sites]);
    const ids = shards.map((shard) => shard.mutants.map((mutant) => mutant.id));
    expect(ids[0]?.filter((id) => ids[1]?.includes(id))).toEqual([]);
    expect(ids[0]?.length).toBeGreaterThan(0);
    expect(ids[1]?.length).toBeGreaterThan(0);
  });

  test.each(['3/2', '0/2', 'x', '1/0'])(
    'should refuse --shard %s with exit 2 before running anything',
    async (shard) => {
      // Act
      const result = await run('bad-shard', '--shard', shard);
      // Assert
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('--shard:');
    },
  );
});

describe('envelope-mutants run --baseline', () => {
  let survivors: string[] = [];
  let killed = '';

  beforeAll(async () => {
    const mutants = (await plainRun()).report.mutants;
    survivors = mutants.filter((m) => m.status === 'Survived').map((m) => m.id);
    killed = mutants.find((m) => m.status === 'Killed')?.id ?? '';
  });

  function baseline(entries: readonly unknown[]): string {
    writeFileSync(`${root}/accepted.json`, JSON.stringify({ accepted: entries }));
    return 'accepted.json';
  }

  test('should let accepted survivors pass the gate they fail without the baseline', async () => {
    // Arrange
    const file = baseline(survivors.map((id) => ({ id, reason: 'ids are checked upstream' })));
    // Act
    const without = (await plainRun()).result;
    const result = await run('accepted', '--baseline', file);
    // Assert
    expect(survivors.length).toBeGreaterThan(0);
    expect(without.exitCode).toBe(1);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`${survivors.length} accepted survivor(s)`);
    const statuses = report('accepted').mutants.map((m) => m.status);
    expect(statuses.filter((status) => status === 'Ignored')).toHaveLength(survivors.length);
    expect(report('accepted').summary.mutationScore).toBe(100);
  });

  test('should read the baseline from the config key `baseline` too', async () => {
    // Arrange
    const file = baseline(survivors.map((id) => ({ id, reason: 'ids are checked upstream' })));
    // Act
    const result = await runWith({ baseline: file }, 'config-key');
    // Assert
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`${survivors.length} accepted survivor(s) from accepted.json`);
  });

  test('should fail as stale an entry whose mutant is now killed, naming it', async () => {
    // Arrange
    const file = baseline([
      { id: survivors[0], reason: 'accepted' },
      { id: killed, reason: 'was a survivor once' },
    ]);
    // Act
    const result = await run('stale-killed', '--baseline', file);
    // Assert
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`stale entry ${killed}: now killed`));
  });

  test('should fail as stale an entry whose mutant no longer exists', async () => {
    // Arrange
    const file = baseline(
      survivors
        .map((id) => ({ id, reason: 'accepted' }))
        .concat({ id: '000000000000', reason: 'a vanished site' }),
    );
    // Act
    const result = await run('stale-gone', '--baseline', file);
    // Assert
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('stale entry 000000000000: no such mutant any more');
  });

  test('should refuse an entry without a reason with exit 2', async () => {
    // Arrange
    const file = baseline([{ id: survivors[0] }]);
    // Act
    const result = await run('no-reason', '--baseline', file);
    // Assert
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('has no "reason"');
  });
});

describe('envelope-mutants run --with-stryker', () => {
  test("should write one report holding the run's sites and the StrykerJS code mutants", async () => {
    // Arrange
    const stryker = fileURLToPath(
      new URL('../../fixtures/stryker/adapter-report.json', import.meta.url),
    );
    // Act
    const result = await run('with-stryker', '--with-stryker', stryker);
    // Assert
    expect(result.stderr).not.toContain('envelope-mutants:');
    const files = Object.keys(
      (
        JSON.parse(readFileSync(`${root}/reports/with-stryker/mutation.json`, 'utf8')) as {
          files: Record<string, unknown>;
        }
      ).files,
    );
    expect(files).toContain('src/classify-failure.ts');
    expect(files.length).toBeGreaterThan(1); // and the envelope sites
  });

  test('should record the shard of a sharded run with StrykerJS, so merge misses the other', async () => {
    // Arrange
    const stryker = fileURLToPath(
      new URL('../../fixtures/stryker/adapter-report.json', import.meta.url),
    );
    await run('stryker-shard1', '--with-stryker', stryker, '--shard', '1/2');
    // Act: before, the report had no shard and merging it alone passed as "merged 1 reports".
    const merged = await runCli([
      'merge',
      `${root}/reports/stryker-shard1/mutation.json`,
      '--out',
      `${root}/reports/stryker-merged/mutation.json`,
      '--no-html',
    ]);
    // Assert
    const written = JSON.parse(
      readFileSync(`${root}/reports/stryker-shard1/mutation.json`, 'utf8'),
    ) as { envelopeMutants: { shard?: unknown } };
    expect(written.envelopeMutants.shard).toMatchObject({ index: 1, count: 2 });
    expect(merged.exitCode, merged.stdout).toBe(2);
    expect(merged.stderr).toContain('shard 2/2');
  });
});
