import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runExample } from './run-example.js';

/** The mutators examples/mcp-server-weak/README.md documents as surviving, and why. */
const DOCUMENTED_SURVIVORS = [
  'change-id',
  'coerce-error-code',
  'corrupt-version',
  'empty-error-content',
  'fabricate-structured-content',
  'flip-retryability',
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
    const { report, mutants } = await runExample('mcp-server-weak');

    const survivors = new Set(
      mutants.filter((mutant) => mutant.status === 'Survived').map((m) => m.mutatorName),
    );
    expect(report.envelopeMutants.complete).toBe(true);
    expect([...survivors].sort()).toEqual(DOCUMENTED_SURVIVORS);
    expect(report.envelopeMutants.namedKillScore).toBeLessThan(100);
  }, 600_000);
});
