import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CI_SUITES, copySuite, readJsonReport, type ReadReport } from '../ci/ci-suite.js';
import { runCli, type CliResult } from './run-cli.js';
import { verdictDifferences } from './verdict-differences.js';

// One copy of the hostile-verdicts suite (one file per hostile shape) and one harness run per
// mode, shared by every assertion below: the default mode twice, --isolate (the reference), and
// two shards merged.
const NAME = 'hostile-verdicts';
let root = '';
const runs: Record<string, ReadReport> = {};
const exits: Record<string, CliResult> = {};
let testNames = new Map<string, string>();

async function run(name: string, ...flags: string[]): Promise<void> {
  writeFileSync(
    `${root}/${name}.config.json`,
    JSON.stringify({
      mutators: ['drop-both-members', 'insert-both-members'],
      pool: 'project',
      reportDir: `reports/${name}`,
    }),
  );
  const args = ['run', '--root', root, '--reporters', 'json', '--config', `${name}.config.json`];
  exits[name] = await runCli([...args, ...flags]);
  runs[name] = readJsonReport(`${root}/reports/${name}/mutation.json`);
}

beforeAll(async () => {
  root = copySuite(NAME, NAME);
  await run('isolated', '--isolate');
  await run('first');
  await run('second');
  await run('shard1', '--shard', '1/2');
  await run('shard2', '--shard', '2/2');
  const shards = ['shard1', 'shard2'].map((name) => `${root}/reports/${name}/mutation.json`);
  const out = `${root}/reports/merged/mutation.json`;
  exits['merged'] = await runCli(['merge', ...shards, '--out', out, '--no-html']);
  runs['merged'] = readJsonReport(out);
  const report = JSON.parse(readFileSync(`${root}/reports/isolated/mutation.json`, 'utf8')) as {
    testFiles: Record<string, { tests: { id: string; name: string }[] }>;
  };
  testNames = new Map(
    Object.values(report.testFiles).flatMap((file) => file.tests.map((t) => [t.id, t.name])),
  );
}, 900_000);
afterAll(() => rmSync(`${CI_SUITES}${NAME}`, { recursive: true, force: true }));

function reportOf(name: string): ReadReport {
  const report = runs[name];
  if (report === undefined) throw new Error(`no ${name} run`);
  return report;
}

/** The reference verdicts of one file's mutants: `<test name> / <mutator>` → `status[ at rule]`. */
function referenceOf(file: string): Record<string, string> {
  const mutants = reportOf('isolated').mutants.filter((m) => m.testFile === file);
  return Object.fromEntries(
    mutants.map((m) => {
      const test = testNames.get(m.siteKey.split('#')[0] ?? '') ?? m.siteKey;
      const rule = m.killedAt === undefined ? '' : ` at ${m.killedAt.rule ?? 'an unnamed failure'}`;
      return [`${test} / ${m.mutatorName}`, `${m.status}${rule}`];
    }),
  );
}

/** Every mode must give every mutant of `file` the verdict --isolate gave it. */
function expectEveryModeAgrees(file: string): void {
  const reference = reportOf('isolated').mutants.filter((m) => m.testFile === file);
  expect(reference.length).toBeGreaterThan(0);
  for (const mode of ['first', 'second', 'merged']) {
    const other = reportOf(mode).mutants.filter((m) => m.testFile === file);
    expect(verdictDifferences(reference, other), mode).toEqual([]);
  }
}

describe('every mode gives the verdict of --isolate on hostile suites', { timeout: 60_000 }, () => {
  test('should run every mode to the end', () => {
    for (const [name, result] of Object.entries(exits)) expect(result.code, name).toBe(0);
    expect(reportOf('first').mutants).toHaveLength(22);
    // Sharded and merged is the unsharded run, for every mutant of every file.
    expect(verdictDifferences(reportOf('first').mutants, reportOf('merged').mutants)).toEqual([]);
  });

  test('should not let a test that relaxes a later one hide the later one’s mutants', () => {
    expect(referenceOf('lenient.spec.ts')).toEqual({
      'should note whether its response was tampered with / drop-both-members': 'Survived',
      'should note whether its response was tampered with / insert-both-members': 'Survived',
      'should check the members unless the suite is lenient / drop-both-members': 'Survived',
      'should check the members unless the suite is lenient / insert-both-members':
        'Killed at jsonrpc.members',
    });
    expectEveryModeAgrees('lenient.spec.ts');
  });

  test('should blame a poisoned test’s failure on the mutant that poisoned it', () => {
    expect(referenceOf('poisoned.spec.ts')).toEqual({
      'should poison the suite when its response was tampered with / drop-both-members':
        'Killed at an unnamed failure',
      'should poison the suite when its response was tampered with / insert-both-members':
        'Killed at an unnamed failure',
      'should fail once the suite is poisoned / drop-both-members': 'Survived',
      'should fail once the suite is poisoned / insert-both-members': 'Survived',
    });
    expectEveryModeAgrees('poisoned.spec.ts');
  });

  test('should run the tests before a covering test, as vitest run does', () => {
    expect(referenceOf('order.spec.ts')).toEqual({
      'should check the members when strict / drop-both-members': 'Survived',
      'should check the members when strict / insert-both-members': 'Killed at jsonrpc.members',
    });
    expectEveryModeAgrees('order.spec.ts');
  });

  test('should kill a mutant whose test leaves a rejection, a timer throw or an exit behind', () => {
    expect(referenceOf('outside.spec.ts')).toEqual({
      'should leave an unhandled rejection when both members are present / drop-both-members':
        'Survived',
      'should leave an unhandled rejection when both members are present / insert-both-members':
        'Killed at jsonrpc.members',
      'should throw from a timer when the members are wrong / drop-both-members':
        'Killed at jsonrpc.members',
      'should throw from a timer when the members are wrong / insert-both-members': 'Survived',
      'should exit the process from a timer after passing when both members are present / drop-both-members':
        'Survived',
      'should exit the process from a timer after passing when both members are present / insert-both-members':
        'Killed at an unnamed failure',
    });
    expectEveryModeAgrees('outside.spec.ts');
  });

  test('should key the taps of concurrent tests by the test that called them', () => {
    const prefix = 'a client whose tests run concurrently > ';
    expect(referenceOf('concurrent.spec.ts')).toEqual({
      [`${prefix}should check that its response carries no error / drop-both-members`]: 'Survived',
      [`${prefix}should check that its response carries no error / insert-both-members`]:
        'Killed at jsonrpc.members',
      [`${prefix}should check that its response carries a result / drop-both-members`]:
        'Killed at jsonrpc.members',
      [`${prefix}should check that its response carries a result / insert-both-members`]:
        'Survived',
      [`${prefix}should check nothing of its response / drop-both-members`]: 'Survived',
      [`${prefix}should check nothing of its response / insert-both-members`]: 'Survived',
    });
    expectEveryModeAgrees('concurrent.spec.ts');
  });
});
