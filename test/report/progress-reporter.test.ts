import { describe, expect, it } from 'vitest';
import {
  createProgressReporter,
  type ProgressReporterOptions,
} from '../../src/report/progress-reporter.js';
import type { RunProgress } from '../../src/engine/reporter.js';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import { MUTANTS, must } from '../support/make-run.js';

function collector(): { chunks: string[]; write: (chunk: string) => void } {
  const chunks: string[] = [];
  return { chunks, write: (chunk) => void chunks.push(chunk) };
}

/** The progress reporter of a run whose rounds test `total` mutants. */
function countOf(total: number, options: ProgressReporterOptions): RunProgress {
  const progress = createProgressReporter(options);
  progress.onRoundsStart(total);
  return progress;
}

/** A clock the test moves by hand. */
function fakeClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 1_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('createProgressReporter', () => {
  it('should redraw one line on a TTY with counts and an ETA', () => {
    const stream = collector();
    const clock = fakeClock();
    const progress = countOf(4, { stream, isTTY: true, now: clock.now });

    clock.advance(2_000);
    progress.onMutantTested(must(MUTANTS[0])); // killed
    clock.advance(2_000);
    progress.onMutantTested(must(MUTANTS[2])); // survived
    progress.onAllMutantsTested();

    expect(stream.chunks).toHaveLength(3);
    expect(stream.chunks.every((chunk) => chunk.startsWith('\r\x1b[K'))).toBe(true);
    expect(stream.chunks[0]).toBe('\r\x1b[Kmutants 1/4 (25%) · killed 1 · survived 0 · ETA 6s');
    expect(stream.chunks[1]).toBe('\r\x1b[Kmutants 2/4 (50%) · killed 1 · survived 1 · ETA 4s');
    expect(stream.chunks[2]?.endsWith('\n')).toBe(true);
  });

  it('should count the re-runs of a confirmation apart, under their own name', () => {
    // Arrange
    const stream = collector();
    const progress = countOf(2, { stream, isTTY: false, every: 1, now: fakeClock().now });
    progress.onMutantTested(must(MUTANTS[0]));
    // Act
    progress.onConfirmStart(2, 'sample', 0);
    progress.onMutantConfirmed(must(MUTANTS[2]));
    progress.onMutantTested(must(MUTANTS[0])); // the rounds are over: not counted again
    progress.onAllMutantsTested();
    // Assert
    expect(stream.chunks).toEqual([
      'mutants 1/2 (50%) · killed 1 · survived 0 · ETA 0s\n',
      "pool: re-running 2 verdicts in the project's own pool to confirm them (every survivor a run decided, timeout and crash, and a sample of kills and of unobserved survivors)\n",
      're-run 1/2 (50%) · killed 0 · survived 1 · ETA 0s\n',
    ]);
  });

  it('should say which of the runs in the project pool are first runs of unfinished copies', () => {
    // Arrange
    const stream = collector();
    const progress = countOf(3, { stream, isTTY: false, every: 10, now: fakeClock().now });
    // Act: 3 mutants there, 1 whose copy hung in vmForks; then 1 of 1, 2 of 2, and none of 2.
    progress.onConfirmStart(3, 'sample', 1);
    progress.onConfirmStart(1, 'sample', 1);
    progress.onConfirmStart(2, 'sample', 2);
    progress.onConfirmStart(2, 'sample', 0);
    // Assert
    expect(stream.chunks.filter((chunk) => chunk.startsWith('pool:'))).toEqual([
      "pool: re-running 2 verdicts in the project's own pool to confirm them (every survivor a run decided, timeout and crash, and a sample of kills and of unobserved survivors), and running alone there 1 mutant whose copy in vmForks did not finish, started in a process an earlier copy had changed, or timed out where the load may have slowed it\n",
      "pool: running alone in the project's own pool 1 mutant whose copy in vmForks did not finish, started in a process an earlier copy had changed, or timed out where the load may have slowed it\n",
      "pool: running alone in the project's own pool 2 mutants whose copies in vmForks did not finish, started in a process an earlier copy had changed, or timed out where the load may have slowed them\n",
      "pool: re-running 2 verdicts in the project's own pool to confirm them (every survivor a run decided, timeout and crash, and a sample of kills and of unobserved survivors)\n",
    ]);
  });

  it('should start a new count when every mutant runs again after a disagreement', () => {
    // Arrange
    const stream = collector();
    const progress = countOf(3, { stream, isTTY: false, every: 1, now: fakeClock().now });
    progress.onConfirmStart(1, 'sample', 0);
    progress.onMutantConfirmed(must(MUTANTS[0]));
    // Act
    progress.onConfirmStart(3, 'all', 0);
    progress.onMutantConfirmed(must(MUTANTS[2]));
    progress.onAllMutantsTested();
    // Assert
    expect(stream.chunks).toEqual([
      'mutants 0/3 (0%) · killed 0 · survived 0 · ETA ?\n',
      "pool: re-running 1 verdict in the project's own pool to confirm them (every survivor a run decided, timeout and crash, and a sample of kills and of unobserved survivors)\n",
      're-run 1/1 (100%) · killed 1 · survived 0 · ETA 0s\n',
      "pool: re-running all 3 mutants in the project's own pool\n",
      're-run 1/3 (33%) · killed 0 · survived 1 · ETA 0s\n',
    ]);
  });

  it('should say each phase before the rounds and where the rounds run, a line each', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ stream, isTTY: true });
    // Act
    progress.onPhase('discover');
    progress.onPhase('check-pool');
    progress.onPool({ pool: 'vmForks', reason: 'every test was the same' });
    progress.onPool({ pool: 'project', reason: 'a test differed' });
    // Assert
    expect(stream.chunks).toEqual([
      'discovery: running the suite once to record every site and the tests that reach it\n',
      'pool: checking vmForks: two copies of each test file side by side there, and a third that notes what the suite reads of its envelopes\n',
      "pool: rounds run in vitest's vmForks pool (every test was the same)\n",
      "pool: rounds run in the project's own pool (a test differed)\n",
    ]);
  });

  it('should say how many mutants were proven unobserved, and nothing when none was', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ stream, isTTY: false });
    // Act
    progress.onUnobserved(0, 191);
    progress.onUnobserved(138, 191);
    // Assert
    expect(stream.chunks).toEqual([
      'unobserved: 138 of 191 mutants change nothing the suite reads of their envelope: Survived without a run of their own\n',
    ]);
  });

  it('should say how many concurrent tests run one at a time, and what a verdict then means', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ stream, isTTY: false });
    // Act
    progress.onConcurrentTests(1);
    progress.onConcurrentTests(4);
    // Assert
    const after =
      ' one at a time here, so that each envelope is filed under the test that tapped it: a verdict is that of `vitest run --maxConcurrency=1` (docs/verdict-contract.md)\n';
    expect(stream.chunks).toEqual([
      `discovery: 1 concurrent test runs${after}`,
      `discovery: 4 concurrent tests run${after}`,
    ]);
  });

  it("should say that hooks of sequence.hooks 'parallel' run one at a time, and what a verdict then means", () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ stream, isTTY: false });
    // Act
    progress.onParallelHooks();
    // Assert
    expect(stream.chunks).toEqual([
      "discovery: hooks of `sequence.hooks: 'parallel'` run one at a time here, as vitest runs them under the `maxConcurrency: 1` that files each envelope under the test that tapped it: a verdict is that of `vitest run --maxConcurrency=1` (docs/verdict-contract.md)\n",
    ]);
  });

  it('should warn once that the suite leaks processes, however many runs leak', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ stream, isTTY: false });
    // Act
    progress.onLeakedProcesses([101]);
    progress.onLeakedProcesses([102, 103]);
    // Assert
    expect(stream.chunks).toEqual([
      'envelope-mutants: the suite leaks processes: its tests start child processes and leave them running after the run. The harness ends them after each vitest run; stop them in afterAll or afterEach.\n',
    ]);
  });

  it('should write a plain line every N mutants off a TTY, and the last one on done', () => {
    const stream = collector();
    const progress = countOf(5, { stream, isTTY: false, every: 2, now: fakeClock().now });

    for (const mutant of MUTANTS.slice(0, 5)) progress.onMutantTested(mutant);
    progress.onAllMutantsTested();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/5', '4/5', '5/5']);
    expect(stream.chunks.join('')).not.toContain('\r');
  });

  it('should write a line off a TTY when the interval passed, even between every-N lines', () => {
    const stream = collector();
    const clock = fakeClock();
    const progress = countOf(100, { stream, isTTY: false, now: clock.now });

    progress.onMutantTested(must(MUTANTS[0]));
    clock.advance(10_000);
    progress.onMutantTested(must(MUTANTS[1]));
    progress.onMutantTested(must(MUTANTS[2]));

    expect(stream.chunks).toEqual(['mutants 2/100 (2%) · killed 2 · survived 0 · ETA ?\n']);
  });

  it('should give no ETA before a twentieth of the mutants is in, then the mean rate', () => {
    // The first verdicts arrive after the workers started: 1 of 100 after 25 s is no rate.
    const stream = collector();
    const clock = fakeClock();
    const progress = countOf(100, { stream, isTTY: false, every: 1, now: clock.now });

    clock.advance(25_000);
    for (let tested = 1; tested <= 5; tested++) progress.onMutantTested(must(MUTANTS[0]));

    expect(stream.chunks.at(0)).toBe('mutants 1/100 (1%) · killed 1 · survived 0 · ETA ?\n');
    expect(stream.chunks.at(3)).toBe('mutants 4/100 (4%) · killed 4 · survived 0 · ETA ?\n');
    // 5 in 25 s: 95 more take 475 s.
    expect(stream.chunks.at(4)).toBe('mutants 5/100 (5%) · killed 5 · survived 0 · ETA 7m 55s\n');
  });
});

const withStatus = (status: MutantResult['status']): MutantResult => ({
  ...must(MUTANTS[0]),
  status,
});

describe('createProgressReporter counts', () => {
  it('should count a timeout as killed and no coverage as survived', () => {
    // Arrange
    const stream = collector();
    const progress = countOf(4, { stream, isTTY: false, every: 4 });
    // Act
    for (const status of ['Timeout', 'NoCoverage', 'RuntimeError', 'Killed'] as const) {
      progress.onMutantTested(withStatus(status));
    }
    // Assert
    expect(stream.chunks).toEqual(['mutants 4/4 (100%) · killed 2 · survived 1 · ETA 0s\n']);
  });

  it('should show 100% and an unknown ETA when there is nothing to test', () => {
    const stream = collector();
    const progress = countOf(0, { stream, isTTY: true });

    progress.onAllMutantsTested();

    expect(stream.chunks).toEqual(['\r\x1b[Kmutants 0/0 (100%) · killed 0 · survived 0 · ETA ?\n']);
  });
});

describe('createProgressReporter off a TTY', () => {
  it('should write a line every tenth of the total by default', () => {
    // Arrange
    const stream = collector();
    const progress = countOf(20, { stream, isTTY: false, now: fakeClock().now });
    // Act
    for (let i = 0; i < 5; i++) progress.onMutantTested(withStatus('Killed'));
    // Assert
    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/20', '4/20']);
  });

  it('should write the last line on done when it was not written yet', () => {
    const stream = collector();
    const progress = countOf(100, { stream, isTTY: false, now: fakeClock().now });

    progress.onMutantTested(withStatus('Killed'));
    progress.onAllMutantsTested();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['1/100']);
  });

  it('should not repeat on done the line it has just written', () => {
    const stream = collector();
    const progress = countOf(4, { stream, isTTY: false, every: 2, now: fakeClock().now });

    for (let i = 0; i < 4; i++) progress.onMutantTested(withStatus('Survived'));
    progress.onAllMutantsTested();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/4', '4/4']);
  });
});

describe('createProgressReporter ETA', () => {
  it('should show a minute as minutes and zero-padded seconds', () => {
    // Arrange
    const stream = collector();
    const clock = fakeClock();
    const progress = countOf(3, { stream, isTTY: true, now: clock.now });
    // Act
    clock.advance(30_000);
    progress.onMutantTested(withStatus('Killed'));
    clock.advance(32_500);
    progress.onMutantTested(withStatus('Killed'));
    // Assert
    expect(stream.chunks).toEqual([
      '\r\x1b[Kmutants 1/3 (33%) · killed 1 · survived 0 · ETA 1m 00s',
      '\r\x1b[Kmutants 2/3 (66%) · killed 2 · survived 0 · ETA 31s',
    ]);
  });

  it('should show 59 seconds as seconds', () => {
    const stream = collector();
    const clock = fakeClock();
    const progress = countOf(2, { stream, isTTY: true, now: clock.now });

    clock.advance(59_000);
    progress.onMutantTested(withStatus('Killed'));

    expect(stream.chunks).toEqual(['\r\x1b[Kmutants 1/2 (50%) · killed 1 · survived 0 · ETA 59s']);
  });
});
