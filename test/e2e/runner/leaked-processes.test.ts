import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { readJsonReport } from '../../support/read-json-report.js';
import { runCli } from '../../support/run-cli.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const NAME = 'leaks-processes';
const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/** Alive: /proc shows the process and it is not a zombie (dead, waiting to be reaped). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

// The harness finds leftovers through /proc: elsewhere it leaves them, and says nothing.
describe.skipIf(!existsSync('/proc'))(
  'envelope-mutants run on a suite that leaks processes',
  () => {
    test('should end every process its vitest runs left behind, and say so once', async () => {
      // Arrange: every run of the suite starts a server and its helper and never stops them.
      const root = fixtures.root(NAME);
      // Act
      const result = await runCli(['run', '--root', root, '--reporters', 'json'], {
        timeoutMs: 280_000,
      });
      // Assert
      expect(result.exitCode, result.stderr).toBe(0);
      const report = readJsonReport(`${root}/reports/envelope-mutants/mutation.json`);
      expect(report.mutants.map((m) => m.status)).toEqual(['Killed']);
      const pids = readFileSync(`${root}/pids.txt`, 'utf8').split('\n').filter(Boolean).map(Number);
      // Two vitest runs (discovery, the one mutant), two processes each.
      expect(pids).toHaveLength(4);
      expect(pids.filter(isAlive)).toEqual([]);
      expect(result.stderr.match(/the suite leaks processes/g)).toHaveLength(1);
    });
  },
);
