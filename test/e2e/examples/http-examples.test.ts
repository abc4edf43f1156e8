import { describe, expect, it } from 'vitest';
import { allMutators, mutatorNamed } from '../../../mutators/index.js';
import type { RuleName } from '../../../src/oracle/rule-name.js';
import { notNamedKills, runExample, type ReportedMutant } from './run-example.js';

/** The HTTP-layer mutators: the catalogue's `http` ones, so a new one joins these checks. */
const HTTP_MUTATORS = allMutators
  .filter((mutator) => mutator.target === 'http')
  .map((mutator) => mutator.name);

// Only the HTTP-layer mutators: the envelope mutators of this example are the same as over any
// transport (the full --strict run kills all 126 at named assertions), and a small run here keeps
// `npm test` short. The strong suite runs as a user runs it (`pool: auto`: vmForks, its kills
// sampled in the project's own pool). The weak suite runs in vmForks, as the demo runs weak
// suites: its claims are which mutators survive and the hints, not the pool, and in the project's
// pool it took 21 vitest runs instead of 2 and about twice the CPU time, for the same 20 verdicts
// (docs/performance.md).
const MUTATORS = ['--mutators', HTTP_MUTATORS.join(',')];
const STRONG_ARGS = MUTATORS;
const WEAK_ARGS = [...MUTATORS, '--pool', 'vmForks'];

function byMutator(mutants: readonly ReportedMutant[], status: string): string[] {
  return [...new Set(mutants.filter((m) => m.status === status).map((m) => m.mutatorName))].sort();
}

// One file, so the two mutation runs go one after the other.
describe('examples/mcp-http-server and its weak suite', () => {
  it('should kill every HTTP-layer mutant at a named assertion with the strong suite', async () => {
    const { exitCode, report, mutants } = await runExample('mcp-http-server', STRONG_ARGS);

    expect(report.envelopeMutants.complete).toBe(true);
    expect(notNamedKills(mutants)).toEqual([]);
    expect(byMutator(mutants, 'Killed')).toEqual([...HTTP_MUTATORS].sort());
    expect(exitCode).toBe(0);
  }, 900_000);

  it('should let every HTTP-layer mutator survive the suite that only asks "did it fail?"', async () => {
    const { report, mutants } = await runExample('mcp-http-server-weak', WEAK_ARGS);

    expect(report.envelopeMutants.complete).toBe(true);
    // Blind: a step-up challenge and a permission message in a tool result look the same to it.
    expect(byMutator(mutants, 'Survived')).toEqual([...HTTP_MUTATORS].sort());
    // Where it does go red, no failure names a rule.
    expect(mutants.filter((m) => m.killedAt?.named === true)).toEqual([]);
    expect(report.envelopeMutants.namedKillScore).toBe(0);
    // Every survivor comes with the expectHttp line that would have killed it, at an expected killer.
    const survivors = mutants.filter((m) => m.status === 'Survived');
    const unhinted = survivors.filter(
      (m) =>
        m.hint === undefined ||
        !m.hint.code.startsWith('expectHttp(exchange).') ||
        !mutatorNamed(m.mutatorName)?.expectedKillers.includes(m.hint.rule as RuleName),
    );
    expect(unhinted.map((m) => `${m.mutatorName}: ${m.hint?.code ?? 'no hint'}`)).toEqual([]);
    expect(survivors.find((m) => m.mutatorName === 'serve-foreign-origin')?.hint?.code).toBe(
      'expectHttp(exchange).toBeOriginRejected()',
    );
  }, 900_000);
});
