import { describe, expect, it } from 'vitest';
import { createProgressReporter } from '../../src/report/progress-reporter.js';
import { MUTANTS, must } from '../support/make-run.js';

function collector(): { chunks: string[]; write: (chunk: string) => void } {
  const chunks: string[] = [];
  return { chunks, write: (chunk) => void chunks.push(chunk) };
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
    const progress = createProgressReporter({ total: 4, stream, isTTY: true, now: clock.now });

    clock.advance(2_000);
    progress.onMutantTested(must(MUTANTS[0])); // killed
    clock.advance(2_000);
    progress.onMutantTested(must(MUTANTS[2])); // survived
    progress.done();

    expect(stream.chunks).toHaveLength(3);
    expect(stream.chunks.every((chunk) => chunk.startsWith('\r\x1b[K'))).toBe(true);
    expect(stream.chunks[0]).toBe('\r\x1b[Kmutants 1/4 (25%) · killed 1 · survived 0 · ETA 6s');
    expect(stream.chunks[1]).toBe('\r\x1b[Kmutants 2/4 (50%) · killed 1 · survived 1 · ETA 4s');
    expect(stream.chunks[2]?.endsWith('\n')).toBe(true);
  });

  it('should name what it counts, so the re-runs of a confirmation read apart from the rounds', () => {
    const stream = collector();
    const progress = createProgressReporter({
      total: 2,
      stream,
      isTTY: false,
      every: 1,
      label: 're-run',
      now: fakeClock().now,
    });

    progress.onMutantTested(must(MUTANTS[2]));

    expect(stream.chunks).toEqual(['re-run 1/2 (50%) · killed 0 · survived 1 · ETA 0s\n']);
  });

  it('should write a plain line every N mutants off a TTY, and the last one on done', () => {
    const stream = collector();
    const progress = createProgressReporter({
      total: 5,
      stream,
      isTTY: false,
      every: 2,
      now: fakeClock().now,
    });

    for (const mutant of MUTANTS.slice(0, 5)) progress.onMutantTested(mutant);
    progress.done();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/5', '4/5', '5/5']);
    expect(stream.chunks.join('')).not.toContain('\r');
  });

  it('should write a line off a TTY when the interval passed, even between every-N lines', () => {
    const stream = collector();
    const clock = fakeClock();
    const progress = createProgressReporter({ total: 100, stream, isTTY: false, now: clock.now });

    progress.onMutantTested(must(MUTANTS[0]));
    clock.advance(10_000);
    progress.onMutantTested(must(MUTANTS[1]));
    progress.onMutantTested(must(MUTANTS[2]));

    expect(stream.chunks).toEqual(['mutants 2/100 (2%) · killed 2 · survived 0 · ETA 8m 10s\n']);
  });
});
