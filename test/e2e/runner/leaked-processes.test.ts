import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { CI_SUITES, copySuite, readJsonReport } from '../ci/ci-suite.js';
import { runCli } from './run-cli.js';

const NAME = 'leaks-processes';
afterAll(() => rmSync(`${CI_SUITES}${NAME}`, { recursive: true, force: true }));

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
      const root = copySuite(NAME, NAME);
      // Act
      const result = await runCli(['run', '--root', root, '--reporters', 'json']);
      // Assert
      expect(result.code, result.stderr).toBe(0);
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
