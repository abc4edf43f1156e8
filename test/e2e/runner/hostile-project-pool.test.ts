import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopy } from '../../support/temp-copy.js';
import { readJsonReport } from '../../support/read-json-report.js';

// The hostile suites (state shared between tests, order, errors outside a test, concurrent tests)
// with enough mutants per file that the project's own pool checks copies side by side, then runs
// a copy per mutant and proves unobserved mutants there: every verdict must be --isolate's.
const copy = fixtureCopy('hostile-verdicts');
afterAll(() => copy.remove());
writeFileSync(
  `${copy.root}/envelope-mutants.config.json`,
  JSON.stringify({
    mutators: ['drop-both-members', 'insert-both-members', 'corrupt-version'],
    pool: 'project',
    timeoutMs: 2000,
  }),
);

describe(
  'the project pool with copies side by side on hostile suites',
  { timeout: 300_000 },
  () => {
    test('should give every mutant the verdict of --isolate', async () => {
      const isolated = await runFixture(copy.root, '--isolate');
      const own = await runFixture(copy.root);

      expect(own.result.exitCode).toBe(0);
      expect(own.mutants.length).toBeGreaterThan(25);
      expect(verdicts(own.mutants)).toEqual(verdicts(isolated.mutants));
      // Not vacuous: the copies side by side passed their check, so the rounds ran a copy per
      // mutant, and the proof spared some runs; the reference did neither.
      expect(own.result.stderr).toMatch(/a copy per mutant, \d+ at a time/);
      const sources = (run: typeof own) =>
        new Set(run.mutants.map((m) => m.envelopeMutants?.verdictSource));
      expect(sources(own)).toContain('batched');
      expect(sources(own)).toContain('unobserved');
      expect(sources(isolated)).toEqual(new Set(['isolated']));
      expect(own.vitestRuns).toBeLessThan(isolated.vitestRuns / 2);
      // A rejection, a timer's throw or a process.exit that vitest ties to a copy's own worker
      // is that copy's: its mutant is judged in the round, as in its run alone. Before, each
      // such error split the whole round in halves, and these three ran again alone.
      const report = readJsonReport(`${copy.root}/reports/envelope-mutants/mutation.json`);
      const outside = report.mutants.filter(
        (m) => m.testFile === 'outside.spec.ts' && m.status === 'Killed',
      );
      expect(outside.map((m) => m.envelopeMutants?.verdictSource)).toEqual([
        'batched',
        'batched',
        'batched',
      ]);

      // At most three mutants a file, in `auto`: three rounds in the project's own pool, a
      // mutant of every file to a round, are the reference runs; no check of vmForks.
      const perFile = new Map<string, number>();
      const few = report.mutants.flatMap((m) => {
        const taken = perFile.get(m.testFile) ?? 0;
        perFile.set(m.testFile, taken + 1);
        return taken < 3 ? [m.id] : [];
      });
      const chosen = await runFixture(
        copy.root,
        '--pool',
        'auto',
        ...few.flatMap((id) => ['--mutant', id]),
      );
      expect(chosen.result.stderr).toMatch(
        /^pool: rounds run in the project's own pool \(its mutants take 3 vitest runs there;/m,
      );
      expect(chosen.vitestRuns).toBe(4);
      const reference = isolated.mutants.filter((m) => few.includes(m.id));
      expect(reference.length).toBeGreaterThan(12);
      expect(verdicts(chosen.mutants)).toEqual(verdicts(reference));
    });
  },
);
