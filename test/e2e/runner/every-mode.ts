import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { readJsonReport, testNamesOf, type ReadReport } from '../../support/read-json-report.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { fixtureCopy } from '../../support/temp-copy.js';
import { verdictDifferences } from './verdict-differences.js';

/**
 * The modes every verdict must agree across: `isolated` is the reference; `instanced` runs the
 * rounds in vmForks, a copy of its files per mutant, with no verdict confirmed elsewhere.
 */
export const MODES = ['isolated', 'first', 'second', 'merged', 'instanced'] as const;
export type Mode = (typeof MODES)[number];

export interface EveryMode {
  /** The report of each mode that ran: every mode but those the caller left out. */
  readonly reports: Readonly<Partial<Record<Mode, ReadReport>>>;
  readonly exits: Readonly<Record<string, CliResult>>;
  /** Test names by test id, from the reference report. */
  readonly testNames: ReadonlyMap<string, string>;
  /** The copy of the suite every mode ran on, for a caller's own runs of it. */
  readonly root: string;
  /** Removes the copy of the suite. */
  readonly remove: () => void;
}

/**
 * Runs `run` on a copy of a fixture suite once per mode: --isolate (the reference), the default
 * mode twice in a row, `--shard 1/2` + `--shard 2/2` joined by `merge`, and `--pool vmForks`
 * unless `without` leaves it out. Each run takes the fixture's own `envelope-mutants.config.json`,
 * with its own report folder.
 */
export async function runEveryMode(
  fixture: string,
  without: readonly 'instanced'[] = [],
): Promise<EveryMode> {
  const copy = fixtureCopy(fixture);
  const root = copy.root;
  const config = JSON.parse(readFileSync(`${root}/envelope-mutants.config.json`, 'utf8')) as object;
  const exits: Record<string, CliResult> = {};
  const run = async (name: string, ...flags: string[]): Promise<ReadReport> => {
    writeFileSync(
      `${root}/${name}.config.json`,
      JSON.stringify({ ...config, reportDir: `reports/${name}` }),
    );
    const args = ['run', '--root', root, '--reporters', 'json', '--config', `${name}.config.json`];
    exits[name] = await runCli([...args, ...flags], { timeoutMs: 280_000 });
    return readJsonReport(`${root}/reports/${name}/mutation.json`);
  };
  const isolated = await run('isolated', '--isolate');
  const first = await run('first');
  const second = await run('second');
  await run('shard1', '--shard', '1/2');
  await run('shard2', '--shard', '2/2');
  const instanced = without.includes('instanced')
    ? undefined
    : await run('instanced', '--pool', 'vmForks');
  const shards = ['shard1', 'shard2'].map((name) => `${root}/reports/${name}/mutation.json`);
  const out = `${root}/reports/merged/mutation.json`;
  exits['merged'] = await runCli(['merge', ...shards, '--out', out, '--no-html'], {
    timeoutMs: 280_000,
  });
  return {
    reports: {
      isolated,
      first,
      second,
      merged: readJsonReport(out),
      ...(instanced === undefined ? {} : { instanced }),
    },
    exits,
    testNames: testNamesOf(`${root}/reports/isolated/mutation.json`),
    root,
    remove: () => copy.remove(),
  };
}

/** The verdicts of a file's mutants in a mode: `<test name> / <mutator>` → `status[ at rule]`. */
export function verdictTable(
  modes: EveryMode,
  file: string,
  mode: Mode = 'isolated',
): Record<string, string> {
  const mutants = reportOf(modes, mode).mutants.filter((m) => m.testFile === file);
  return Object.fromEntries(
    mutants.map((m) => {
      const scope = m.siteKey.split('#')[0] ?? '';
      const test = modes.testNames.get(scope) ?? scope;
      const site = m.siteKey.includes('#in:') ? ` ${m.siteKey.replace(/^[^#]*#/, '')}` : '';
      const rule =
        m.killedAt === undefined
          ? ''
          : ` at ${m.killedAt.rule ?? 'an unnamed failure'}${m.killedAt.timedOut === true ? ' (timed out)' : ''}`;
      return [`${test}${site} / ${m.mutatorName}`, `${m.status}${rule}`];
    }),
  );
}

/** How every other mode differs from --isolate on a file's mutants (empty when none does). */
export function differencesFromReference(modes: EveryMode, file: string): Record<string, string[]> {
  const reference = reportOf(modes, 'isolated').mutants.filter((m) => m.testFile === file);
  return Object.fromEntries(
    othersThan(modes).map((mode) => [
      mode,
      verdictDifferences(
        reference,
        reportOf(modes, mode).mutants.filter((m) => m.testFile === file),
      ),
    ]),
  );
}

/** The modes that ran besides the reference. */
function othersThan(modes: EveryMode): Mode[] {
  return MODES.filter((mode) => mode !== 'isolated' && modes.reports[mode] !== undefined);
}

/** The report of a mode that ran. */
export function reportOf(modes: EveryMode, mode: Mode): ReadReport {
  const report = modes.reports[mode];
  if (report === undefined) throw new Error(`every mode: ${mode} did not run`);
  return report;
}

/**
 * The runs of every mode on a copy of `fixture`, made once for the test file that calls this (in
 * its `beforeAll`) and removed after it; the function returned hands them to its tests.
 */
export function everyModeOnce(
  fixture: string,
  without: readonly 'instanced'[] = [],
): () => EveryMode {
  let modes: EveryMode | undefined;
  beforeAll(async () => {
    modes = await runEveryMode(fixture, without);
  }, 900_000);
  afterAll(() => modes?.remove());
  return () => {
    if (modes === undefined) throw new Error(`every mode on ${fixture}: the runs did not finish`);
    return modes;
  };
}

/** Every run of every mode exited 0. */
export function expectEveryRunPassed(modes: EveryMode): void {
  for (const [name, result] of Object.entries(modes.exits)) expect(result.exitCode, name).toBe(0);
}

/** Every mode gives every mutant of `file` the verdict --isolate gave it. */
export function expectEveryModeAgrees(modes: EveryMode, file: string): void {
  expect(
    reportOf(modes, 'isolated').mutants.some((m) => m.testFile === file),
    file,
  ).toBe(true);
  expect(othersThan(modes).length, 'the modes compared').toBeGreaterThanOrEqual(3);
  expect(differencesFromReference(modes, file), file).toEqual(
    Object.fromEntries(othersThan(modes).map((mode) => [mode, []])),
  );
}
