import { describe, expect, it } from 'vitest';
import type { MutantResult } from '../../src/mutant/mutant.js';
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

const withStatus = (status: MutantResult['status']): MutantResult => ({
  ...must(MUTANTS[0]),
  status,
});

describe('createProgressReporter counts', () => {
  it('should count a timeout as killed and no coverage as survived', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({ total: 4, stream, isTTY: false, every: 4 });
    // Act
    for (const status of ['Timeout', 'NoCoverage', 'RuntimeError', 'Killed'] as const) {
      progress.onMutantTested(withStatus(status));
    }
    // Assert
    expect(stream.chunks).toEqual(['mutants 4/4 (100%) · killed 2 · survived 1 · ETA 0s\n']);
  });

  it('should show 100% and an unknown ETA when there is nothing to test', () => {
    const stream = collector();
    const progress = createProgressReporter({ total: 0, stream, isTTY: true });

    progress.done();

    expect(stream.chunks).toEqual(['\r\x1b[Kmutants 0/0 (100%) · killed 0 · survived 0 · ETA ?\n']);
  });
});

describe('createProgressReporter off a TTY', () => {
  it('should write a line every tenth of the total by default', () => {
    // Arrange
    const stream = collector();
    const progress = createProgressReporter({
      total: 20,
      stream,
      isTTY: false,
      now: fakeClock().now,
    });
    // Act
    for (let i = 0; i < 5; i++) progress.onMutantTested(withStatus('Killed'));
    // Assert
    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/20', '4/20']);
  });

  it('should write the last line on done when it was not written yet', () => {
    const stream = collector();
    const progress = createProgressReporter({
      total: 100,
      stream,
      isTTY: false,
      now: fakeClock().now,
    });

    progress.onMutantTested(withStatus('Killed'));
    progress.done();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['1/100']);
  });

  it('should not repeat on done the line it has just written', () => {
    const stream = collector();
    const progress = createProgressReporter({
      total: 4,
      stream,
      isTTY: false,
      every: 2,
      now: fakeClock().now,
    });

    for (let i = 0; i < 4; i++) progress.onMutantTested(withStatus('Survived'));
    progress.done();

    expect(stream.chunks.map((chunk) => chunk.split(' ')[1])).toEqual(['2/4', '4/4']);
  });
});

describe('createProgressReporter ETA', () => {
  it('should show a minute as minutes and zero-padded seconds', () => {
    // Arrange
    const stream = collector();
    const clock = fakeClock();
    const progress = createProgressReporter({ total: 3, stream, isTTY: true, now: clock.now });
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
    const progress = createProgressReporter({ total: 2, stream, isTTY: true, now: clock.now });

    clock.advance(59_000);
    progress.onMutantTested(withStatus('Killed'));

    expect(stream.chunks).toEqual(['\r\x1b[Kmutants 1/2 (50%) · killed 1 · survived 0 · ETA 59s']);
  });
});
