import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test-file order for StrykerJS runs (vitest.stryker.config.ts): files that failed last run
 * first, then the shortest first.
 *
 * StrykerJS runs a mutant's covering tests with `bail: 1`, so a mutant is killed as soon as one
 * test fails and the rest are skipped. vitest's own order puts the *longest* files first (best for
 * a full run on many workers), so a mutant of the oracle that a 10 ms assertion test kills waited
 * first for the multi-second fuzz suites. The verdict is the same in any order: each file runs
 * isolated; only how soon the kill is seen changes.
 */
export class ShortestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (file: TestSpecification) =>
      cache.getFileTestResults(`${file.project.name}:${relative(config.root, file.moduleId)}`);
    const size = (file: TestSpecification) =>
      cache.getFileStats(`${file.project.name}:${relative(config.root, file.moduleId)}`)?.size ?? 0;
    return Promise.resolve(
      [...files].sort((a, b) => {
        const resultA = known(a);
        const resultB = known(b);
        const failedA = resultA?.failed === true;
        if (failedA !== (resultB?.failed === true)) return failedA ? -1 : 1;
        if (resultA !== undefined && resultB !== undefined)
          return resultA.duration - resultB.duration;
        return size(a) - size(b);
      }),
    );
  }
}
