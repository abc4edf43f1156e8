import type { MutantResult } from '../mutant/mutation-run.js';
import type { PoolChoice } from '../engine/pool-choice.js';
import type { ConfirmScope, RunPhase, RunProgress } from '../engine/reporter.js';
import { formatDuration } from './format-duration.js';
import type { TextStream } from './text-stream.js';

export interface ProgressReporterOptions {
  readonly stream: TextStream;
  /** A terminal gets one line redrawn in place; a CI log gets a plain line now and then. */
  readonly isTTY: boolean;
  /** Non-TTY: a line every `every` mutants (default a tenth of those counted, at least 1)… */
  readonly every?: number;
  /** …or when `intervalMs` passed since the last line (default 10 s). */
  readonly intervalMs?: number;
  /** The clock, in ms; tests pass a fake one. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The live output of `envelope-mutants run`, for stderr: a line per phase before the rounds and
 * on where they run, then progress (tested/total, killed, survived and an ETA) of the rounds and,
 * counted apart, of the re-runs that confirm them; a warning, once, when the suite leaks
 * processes.
 *
 * @internal
 */
export function createProgressReporter(options: ProgressReporterOptions): RunProgress {
  const say = (line: string): void => void options.stream.write(`${line}\n`);
  let rounds: Counter | undefined;
  let confirming: Counter | undefined;
  let leaked = false;
  return {
    onPhase: (phase) => {
      say(PHASE_LINES[phase]);
    },
    onConcurrentTests(count) {
      const tests = count === 1 ? '1 concurrent test runs' : `${count} concurrent tests run`;
      say(
        `discovery: ${tests} one at a time here, so that each envelope is filed under the test that tapped it: a verdict is that of \`vitest run --maxConcurrency=1\` (docs/verdict-contract.md)`,
      );
    },
    onParallelHooks() {
      say(
        "discovery: hooks of `sequence.hooks: 'parallel'` run one at a time here, as vitest runs them under the `maxConcurrency: 1` that files each envelope under the test that tapped it: a verdict is that of `vitest run --maxConcurrency=1` (docs/verdict-contract.md)",
      );
    },
    onPool: (choice) => {
      say(describePool(choice));
    },
    onRoundsStart(total) {
      rounds = counter(total, 'mutants', options);
    },
    onMutantTested: (result) => rounds?.count(result),
    onUnobserved(count, total) {
      if (count === 0) return;
      const mutants = total === 1 ? 'mutant' : 'mutants';
      say(
        `unobserved: ${count} of ${total} ${mutants} change nothing the suite reads of their envelope: Survived without a run of their own`,
      );
    },
    onConfirmStart(count, scope, unfinished) {
      rounds?.done();
      rounds = undefined;
      confirming?.done();
      say(confirmLine(count, scope, unfinished));
      // Their own count: the rounds counted each of them once already, except the `unfinished`,
      // whose first verdict is counted here.
      confirming = counter(count, 're-run', options);
    },
    onMutantConfirmed: (result) => confirming?.count(result),
    onLeakedProcesses() {
      if (leaked) return;
      leaked = true;
      say(
        'envelope-mutants: the suite leaks processes: its tests start child processes and leave them running after the run. The harness ends them after each vitest run; stop them in afterAll or afterEach.',
      );
    },
    onAllMutantsTested() {
      rounds?.done();
      confirming?.done();
    },
  };
}

/** What each phase before the rounds does, for the console: each is a whole vitest run or two. */
const PHASE_LINES: Readonly<Record<RunPhase, string>> = {
  discover: 'discovery: running the suite once to record every site and the tests that reach it',
  'files-alone':
    "files alone: the project's test files can leave state for each other, so each file that hosts a site runs alone, without a mutant, as a mutant's reference run will",
  'check-pool':
    'pool: checking vmForks: two copies of each test file side by side there, and a third that notes what the suite reads of its envelopes',
  'check-copies':
    "pool: checking the project's own pool: two copies of each test file side by side there, and a third that notes what the suite reads of its envelopes",
  'screen-reads':
    'unobserved: a copy of each test file that notes what the suite reads of its envelopes',
  'track-reads':
    'unobserved: a copy of its file for each envelope site whose mutants the suite may never read, noting what it reads of that site alone',
};

/**
 * One line, before the progress lines, on where the rounds run: a user who sees a verdict they
 * doubt knows which pool to pin (`--pool project`).
 */
function describePool(choice: PoolChoice): string {
  const where = choice.pool === 'vmForks' ? "vitest's vmForks pool" : "the project's own pool";
  return `pool: rounds run in ${where} (${choice.reason})`;
}

function confirmLine(count: number, scope: ConfirmScope, unfinished: number): string {
  if (scope === 'all') return `pool: re-running all ${count} mutants in the project's own pool`;
  const again = count - unfinished;
  const pool = "in the project's own pool";
  const confirm = `re-running ${again} ${again === 1 ? 'verdict' : 'verdicts'} ${pool} to confirm them (every survivor a run decided, timeout and crash, and a sample of kills and of unobserved survivors)`;
  if (unfinished === 0) return `pool: ${confirm}`;
  const whose = unfinished === 1 ? 'mutant whose copy' : 'mutants whose copies';
  const alone = `${unfinished} ${whose} in vmForks did not finish, started in a process an earlier copy had changed, or timed out where the load may have slowed ${unfinished === 1 ? 'it' : 'them'}`;
  return again === 0
    ? `pool: running alone ${pool} ${alone}`
    : `pool: ${confirm}, and running alone there ${alone}`;
}

interface Counter {
  count(result: MutantResult): void;
  /** Writes the last line (and, on a TTY, ends the line being redrawn). */
  done(): void;
}

/** Counts `total` verdicts, the line led by `label`: `mutants`, or `re-run` while confirming. */
function counter(total: number, label: string, options: ProgressReporterOptions): Counter {
  const now = options.now ?? Date.now;
  const every = options.every ?? Math.max(1, Math.ceil(total / 10));
  const intervalMs = options.intervalMs ?? 10_000;
  const started = now();
  let lastLine = started;
  let printedAt = -1;
  const state = { tested: 0, killed: 0, survived: 0 };
  const line = (): string => progressLine(label, state, total, now() - started);
  return {
    count(result) {
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
  // The first verdicts come after the workers started and loaded the suite, so a rate from them
  // alone promises hours: no ETA before a twentieth of the mutants is in.
  const eta =
    state.tested < Math.max(1, total / 20)
      ? '?'
      : formatDuration((elapsedMs / state.tested) * remaining);
  return `${label} ${state.tested}/${total} (${percent}%) · killed ${state.killed} · survived ${state.survived} · ETA ${eta}`;
}
