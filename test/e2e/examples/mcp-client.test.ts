import { describe, expect, it } from 'vitest';
import { notNamedKills, runExample } from './run-example.js';

describe('examples/mcp-client', () => {
  it('should kill every fixture and decision mutant at a named assertion', async () => {
    const { exitCode, report, mutants } = await runExample('mcp-client');

    expect(report.envelopeMutants.complete).toBe(true);
    expect(notNamedKills(mutants)).toEqual([]);
    expect(report.envelopeMutants.namedKillScore).toBe(100);
    const mutators = new Set(mutants.map((mutant) => mutant.mutatorName));
    expect(mutators).toContain('flip-retryability');
    expect(mutators).toContain('reuse-attempt-id');
    expect(exitCode).toBe(0);
  }, 600_000);
});
