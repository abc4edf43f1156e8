// Snapshots under mutation: every session reads them and never writes them, as `CI=true vitest
// run` does (docs/verdict-contract.md). Before, a run outside CI wrote a mutant's envelope into
// the project: a new entry in `__snapshots__/` and an inline snapshot in the test file's source.
// Nor does a run leave vitest's results cache (`node_modules/.vite/vitest/`) behind.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runFixture, verdicts, type FixtureRun } from '../../support/run-fixture.js';
import { fixtureCopy } from '../../support/temp-copy.js';

const copy = fixtureCopy('snapshots');
afterAll(() => copy.remove());

/**
 * Every file under the project's root and its content, but its reports. The copy has no
 * `node_modules` of its own, so one that appears is a run's: vitest's results cache.
 */
function projectFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'reports') continue;
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

/**
 * A developer's machine, where vitest writes the snapshots it has not seen. `UPDATE_SNAPSHOT`
 * says so even where a CI provider's variables (`GITHUB_ACTIONS`, …) would make vitest think it
 * runs in CI; only the harness's own `update: 'none'` overrides it.
 */
const LOCAL = { CI: '', UPDATE_SNAPSHOT: 'new' };

function runWith(env: Record<string, string>, ...flags: string[]): Promise<FixtureRun> {
  return runFixture(copy.root, ...flags, { env });
}

describe('snapshots under mutation', { timeout: 300_000 }, () => {
  test('should leave the project as it was, and judge as CI does wherever it runs', async () => {
    const before = projectFiles(copy.root);
    expect(Object.keys(before).sort()).toEqual([
      '__snapshots__/members.spec.ts.snap',
      'envelope-mutants.config.json',
      'members.spec.ts',
      'vitest.config.ts',
    ]);

    const local = await runWith(LOCAL);
    expect(projectFiles(copy.root)).toEqual(before);
    const isolated = await runWith(LOCAL, '--isolate');
    expect(projectFiles(copy.root)).toEqual(before);
    const ci = await runWith({ CI: 'true' });
    expect(projectFiles(copy.root)).toEqual(before);

    // The mutants that reach a snapshot the project never wrote are killed there, as in CI.
    const bySite = (run: FixtureRun): string[] =>
      run.mutants
        .map((m) => {
          const where = m.status === 'Killed' ? ` at ${m.statusReason ?? '?'}` : '';
          return `${m.siteKey} ${m.mutatorName} ${m.status}${where}`;
        })
        .sort();
    expect(bySite(local)).toEqual([
      '857937341_0#0 drop-both-members Killed at Snapshot `should match the committed snapshot 1` mismatched',
      '857937341_0#0 insert-both-members Killed at Snapshot `should match the committed snapshot 1` mismatched',
      '857937341_1#0 drop-both-members Survived',
      '857937341_1#0 insert-both-members Killed at Snapshot `should snapshot an error only when one comes 1` mismatched',
      '857937341_2#0 drop-both-members Killed at Snapshot `should snapshot inline only what has no result 1` mismatched',
      '857937341_2#0 insert-both-members Survived',
    ]);
    expect(verdicts(local.mutants)).toEqual(verdicts(isolated.mutants));
    expect(verdicts(local.mutants)).toEqual(verdicts(ci.mutants));
  });

  test('should see a file the run changed (negative control)', () => {
    const before = projectFiles(copy.root);
    const spec = join(copy.root, 'members.spec.ts');
    writeFileSync(spec, `${readFileSync(spec, 'utf8')}// a line a run added\n`);
    expect(projectFiles(copy.root)).not.toEqual(before);
  });
});
