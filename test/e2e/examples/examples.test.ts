import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notNamedKills, runExample } from './run-example.js';

// One file, so the three mutation runs go one after the other: each is a whole vitest project
// and they would otherwise compete for the same cores.
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
    // In vmForks, as the demo runs the weak suites: the claim is which mutators survive, not the
    // pool, and by default each of its ~150 survivors would be re-run in the project's pool.
    const { report, mutants } = await runExample('mcp-server-weak', ['--pool', 'vmForks']);

    const survivors = new Set(
      mutants.filter((mutant) => mutant.status === 'Survived').map((m) => m.mutatorName),
    );
    expect(report.envelopeMutants.complete).toBe(true);
    expect([...survivors].sort()).toEqual(DOCUMENTED_SURVIVORS);
    expect(report.envelopeMutants.namedKillScore).toBeLessThan(100);
  }, 900_000);
});
