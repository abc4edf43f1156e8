import { describe, expect, it } from 'vitest';
import { notNamedKills, runExample } from './run-example.js';

describe('examples/mcp-server', () => {
  it('should kill every mutant of the contract suite at a named assertion', async () => {
    const { exitCode, report, mutants } = await runExample('mcp-server');

    expect(report.envelopeMutants.complete).toBe(true);
    expect(notNamedKills(mutants)).toEqual([]);
    expect(report.envelopeMutants.namedKillScore).toBe(100);
    expect(mutants.length).toBeGreaterThan(100);
    expect(exitCode).toBe(0);
  }, 600_000);
});
