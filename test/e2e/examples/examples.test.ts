import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedRun } from '../../support/shared-run.js';
import { tempCopy, type TempCopy } from '../../support/temp-copy.js';
import { applyHints } from '../../support/apply-hints.js';
import { notNamedKills, runExample, runExampleIn, type ReportedMutant } from './run-example.js';

// One file, so the mutation runs go one after the other: each is a whole vitest project and they
// would otherwise compete for the same cores.
describe('examples/mcp-server', () => {
  it('should kill every mutant of the contract suite at a named assertion', async () => {
    const { exitCode, report, mutants } = await runExample('mcp-server');

    expect(report.envelopeMutants.complete).toBe(true);
    expect(notNamedKills(mutants)).toEqual([]);
    expect(report.envelopeMutants.namedKillScore).toBe(100);
    expect(mutants.length).toBeGreaterThan(100);
    expect(exitCode).toBe(0);
    // The server's log lines are sites too (tapStderr): five logged tool failures, each planted
    // with one canary and four internals, every one killed by the suite's log check.
    const logMutants = Object.entries(report.files)
      .filter(([site]) => site.includes('#stderr#'))
      .flatMap(([, file]) => file.mutants);
    expect(logMutants).toHaveLength(25);
    expect(new Set(logMutants.map((mutant) => mutant.mutatorName))).toEqual(
      new Set(['leak-canary', 'leak-internals']),
    );
    expect(logMutants.filter((mutant) => mutant.killedAt?.rule !== 'sanitize.leak')).toEqual([]);
  }, 900_000);
});

describe('examples/mcp-client', () => {
  it('should kill every fixture and decision mutant at a named assertion', async () => {
    const { exitCode, report, mutants } = await runExample('mcp-client');

    expect(report.envelopeMutants.complete).toBe(true);
    expect(notNamedKills(mutants)).toEqual([]);
    expect(report.envelopeMutants.namedKillScore).toBe(100);
    const mutators = new Set(mutants.map((mutant) => mutant.mutatorName));
    expect(mutators).toContain('flip-retryability');
    expect(mutators).toContain('reuse-attempt-id');
    expect(mutators).toContain('inject-instructions');
    expect(exitCode).toBe(0);
  }, 900_000);
});

/** The mutators examples/mcp-server-weak/README.md documents as surviving, and why. */
const DOCUMENTED_SURVIVORS = [
  'change-id',
  'coerce-error-code',
  'corrupt-version',
  'drop-both-members',
  'empty-error-content',
  'fabricate-structured-content',
  'flip-retryability',
  'inject-instructions',
  'insert-both-members',
  'leak-canary',
  'leak-internals',
  'stringify-is-error',
];

// One copy of the weak example, made on first use (a run of another test makes none): its run
// serves the survivors' test and the hints test, which then edits this copy and runs it again.
let weakCopy: TempCopy | undefined;
afterAll(() => weakCopy?.remove());
const WEAK = 'mcp-server-weak';
// As `run` runs by default, and as the demo runs it: most survivors are proven unobserved, the
// rest confirmed in the project's own pool (test/e2e/runner checks that every mode gives the
// verdicts of --isolate).
const weakRun = sharedRun(async () => {
  weakCopy = tempCopy(['examples', 'tsconfig.json']);
  const run = await runExampleIn(weakCopy.root, WEAK, []);
  return { ...run, examples: weakCopy.root };
});

describe('examples/mcp-server-weak', () => {
  it('should document why each survivor is a real gap', () => {
    const readme = readFileSync(
      new URL('../../../examples/mcp-server-weak/README.md', import.meta.url),
      'utf8',
    );

    const undocumented = DOCUMENTED_SURVIVORS.filter((name) => !readme.includes(`| \`${name}\``));

    expect(undocumented).toEqual([]);
  });

  it('should let exactly the documented mutators survive', async () => {
    const { report, mutants } = await weakRun();

    const survivors = new Set(
      mutants.filter((mutant) => mutant.status === 'Survived').map((m) => m.mutatorName),
    );
    expect(report.envelopeMutants.complete).toBe(true);
    expect([...survivors].sort()).toEqual(DOCUMENTED_SURVIVORS);
    expect(report.envelopeMutants.namedKillScore).toBeLessThan(100);
    // Most survivors change members the suite never reads: proven, not run.
    const survived = mutants.filter((mutant) => mutant.status === 'Survived');
    const proven = survived.filter((m) => m.envelopeMutants?.verdictSource === 'unobserved');
    expect(proven.length).toBeGreaterThan(survived.length / 2);
  }, 900_000);

  // The hints must work, not just read well: paste every survivor's hint into its covering test
  // mechanically, run again, and every mutant a hint targeted is killed named.
  it('should kill, at a named rule, every survivor whose hint was pasted in', async () => {
    const { mutants: before, examples } = await weakRun();
    const hinted = before.filter((m) => m.status === 'Survived' && m.hint !== undefined);
    expect(hinted.length).toBeGreaterThan(0);
    const files = new Set(hinted.map((m) => m.hint?.testFile ?? ''));
    for (const file of files) {
      const path = join(examples, WEAK, file);
      const hints = hinted.flatMap((m) => (m.hint?.testFile === file ? [m.hint] : []));
      writeFileSync(path, applyHints(readFileSync(path, 'utf8'), hints));
    }

    // Only the survivors run again: a pasted hint adds an assertion, and an added assertion can
    // only fail sooner, so a kill of the first run stays a kill (the suite must still pass without
    // mutants, or the run stops at discovery).
    const survivors = before.filter((m) => m.status === 'Survived');
    const only = survivors.flatMap((m) => ['--mutant', m.id]);
    const rerun = await runExampleIn(examples, WEAK, ['--pool', 'vmForks', ...only]);
    expect(rerun.exitCode, 'the run after the hints').not.toBe(2);
    const after = new Map(rerun.mutants.map((m) => [m.id, m]));
    expect([...after.keys()].sort()).toEqual(survivors.map((m) => m.id).sort());

    const label = (m: ReportedMutant): string => `${m.mutatorName} ${m.id}`;
    const notNamed = hinted
      .filter((m) => after.get(m.id)?.killedAt?.named !== true)
      .map((m) => `${label(m)}: ${after.get(m.id)?.status ?? 'gone'}`);
    expect(notNamed).toEqual([]);
    const survivorsLeft = [...after.values()].filter((m) => m.status === 'Survived').map(label);
    const withoutHint = before.filter((m) => m.status === 'Survived' && m.hint === undefined);
    expect(survivorsLeft).toEqual(withoutHint.map(label));
  }, 1_200_000);
});
