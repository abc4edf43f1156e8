// What one run of test files told the engine, in plain data. The vitest adapter reads it off
// vitest's results (src/vitest-adapter/read-round-outcome.ts); the engine never sees vitest types.
import path from 'node:path';
import { testIdPrefix, type TapReport } from '../taps/tap-protocol.js';

export type TestState = 'passed' | 'failed' | 'skipped' | 'pending';

export interface TestOutcome {
  readonly id: string;
  /** Describe blocks and test name joined by ` > `. */
  readonly name: string;
  /** Relative to the project root, `/`-separated. */
  readonly file: string;
  readonly state: TestState;
  readonly errors: readonly string[];
  readonly durationMs: number;
  readonly report: TapReport | undefined;
  /** Marked to fail (`it.fails`): it passes only while the failure it documents is there. */
  readonly knownFailing?: boolean;
  /** Declared concurrent (`describe.concurrent`, `test.concurrent`); run one at a time here. */
  readonly concurrent?: boolean;
}

export interface FileOutcome {
  readonly file: string;
  readonly moduleId: string;
  /**
   * Errors outside any test: collection failures, failing beforeAll/afterAll hooks of the file or
   * of a describe block in it, and, where every file has a worker of its own, the unhandled errors
   * and rejections (a timer's throw, a `process.exit`) vitest tied to the file's worker.
   */
  readonly errors: readonly string[];
  readonly testIds: readonly string[];
  /** Time to import the file and run its setup files, for round budgets. */
  readonly overheadMs: number;
  readonly report: TapReport | undefined;
  /**
   * The other files of the project its run depends on (relative, `/`-separated): those vite
   * transformed for it and for the setup files, the vitest config and what it imports, the
   * globalSetup files. Read in discovery runs only; absent for a copy, and where vite holds no
   * module graph of the file.
   */
  readonly dependsOn?: readonly string[];
}

export interface RoundOutcome {
  readonly tests: ReadonlyMap<string, TestOutcome>;
  readonly files: ReadonlyMap<string, FileOutcome>;
  /**
   * Errors vitest could not tie to a test or to a file of its own worker (a crashed worker, an
   * unhandled rejection in a worker that runs file after file).
   */
  readonly unhandled: readonly string[];
  /**
   * Instanced rounds: what each copy of the files said, by tag, named as the files themselves
   * (files by their own name, tests by the ids of the discovery run). Their `unhandled` is empty:
   * an error outside every file belongs to the whole run.
   */
  readonly instances?: ReadonlyMap<string, RoundOutcome>;
  /**
   * Instanced rounds: the tags of the copies vitest named for the errors in `unhandled` (the copy
   * its worker was running when it reported). A lead, not an owner: in a worker that runs copy
   * after copy, a timer one copy left can fire while the next one runs.
   */
  readonly suspects?: readonly string[];
  /**
   * Discovery runs: the project's files the run created, changed or removed (relative,
   * `/`-separated); absent where not looked at (another run, a project too large to scan).
   */
  readonly writtenFiles?: readonly string[];
}

/**
 * The first file of a run that started in a process an earlier test file had changed, and how
 * (`TapReport.carried`): that file's run is not its run in a process of its own.
 */
export function carriedOver(
  outcome: RoundOutcome,
): { readonly file: string; readonly carried: string } | undefined {
  for (const file of outcome.files.values()) {
    const carried = file.report?.carried;
    if (carried !== undefined) return { file: file.file, carried };
  }
  return undefined;
}

export const EMPTY_OUTCOME: RoundOutcome = { tests: new Map(), files: new Map(), unhandled: [] };

/**
 * Per file, the prefix of its test ids (the hash vitest derives from its module id): what a copy
 * of the file needs to name its tests as the file does (`TapPlan.testIdPrefixes`).
 */
export function testIdPrefixesOf(files: Iterable<FileOutcome>): Record<string, string> {
  const prefixes: Record<string, string> = {};
  for (const file of files) {
    const first = file.testIds[0];
    if (first !== undefined) prefixes[file.file] = testIdPrefix(first);
  }
  return prefixes;
}

/** The project-relative, `/`-separated name every report uses for a file. */
export function relativeFile(root: string, moduleId: string): string {
  return path.relative(root, moduleId).split(path.sep).join('/');
}
