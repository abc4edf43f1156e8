import type { MutantResult } from '../mutant/mutant.js';
import type { TextStream } from './reporter.js';

export interface ProgressReporterOptions {
  /** How many mutants the run will test. */
  readonly total: number;
  readonly stream: TextStream;
  /** A terminal gets one line redrawn in place; a CI log gets a plain line now and then. */
  readonly isTTY: boolean;
  /** Non-TTY: a line every `every` mutants (default a tenth of the total, at least 1)… */
  readonly every?: number;
  /** …or when `intervalMs` passed since the last line (default 10 s). */
  readonly intervalMs?: number;
  /** The clock, in ms; tests pass a fake one. Default `Date.now`. */
  readonly now?: () => number;
  /** What is counted, first on the line: `mutants` (default), `re-run` while confirming. */
  readonly label?: string;
}

export interface ProgressReporter {
  onMutantTested(result: MutantResult): void;
  /** Writes the last line (and, on a TTY, ends the line being redrawn). */
  done(): void;
}

/** Live progress for the runner: tested/total, killed, survived and an ETA. */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const every = options.every ?? Math.max(1, Math.ceil(options.total / 10));
  const intervalMs = options.intervalMs ?? 10_000;
  const started = now();
  let lastLine = started;
  let printedAt = -1;
  const state = { tested: 0, killed: 0, survived: 0 };
  const label = options.label ?? 'mutants';
  const line = (): string => progressLine(label, state, options.total, now() - started);
  return {
    onMutantTested(result) {
      state.tested++;
      if (result.status === 'Killed' || result.status === 'Timeout') state.killed++;
      if (result.status === 'Survived' || result.status === 'NoCoverage') state.survived++;
      if (options.isTTY) {
        options.stream.write(`\r\x1b[K${line()}`);
      } else if (state.tested % every === 0 || now() - lastLine >= intervalMs) {
        options.stream.write(`${line()}\n`);
        lastLine = now();
        printedAt = state.tested;
      }
    },
    done() {
      if (options.isTTY) options.stream.write(`\r\x1b[K${line()}\n`);
      else if (printedAt !== state.tested) options.stream.write(`${line()}\n`);
    },
  };
}

function progressLine(
  label: string,
  state: { readonly tested: number; readonly killed: number; readonly survived: number },
  total: number,
  elapsedMs: number,
): string {
  const percent = total === 0 ? 100 : Math.floor((state.tested / total) * 100);
  const remaining = Math.max(0, total - state.tested);
  const eta = state.tested === 0 ? '?' : duration((elapsedMs / state.tested) * remaining);
  return `${label} ${state.tested}/${total} (${percent}%) · killed ${state.killed} · survived ${state.survived} · ETA ${eta}`;
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}
