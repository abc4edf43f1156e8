// Reads what one vitest run said into the engine's plain data (src/engine/round-outcome.ts).
import type { TestCase, TestModule, TestRunResult } from 'vitest/node';
import {
  relativeFile,
  type FileOutcome,
  type RoundOutcome,
  type TestOutcome,
} from '../engine/round-outcome.js';
import {
  canonicalTestId,
  isTapReport,
  splitInstance,
  TAP_META_KEY,
  type TapReport,
} from '../taps/tap-protocol.js';
import { WORKER_DIED } from '../engine/vitest-messages.js';
import { projectFilesOf, projectRelative } from './project-files-of.js';

export interface ReadOptions {
  /**
   * The project sets `dangerouslyIgnoreUnhandledErrors`: its own `vitest run` prints unhandled
   * errors and exits 0, so they make none of its runs red, and none of ours. A worker that died
   * is still reported (the contract's RuntimeError), whatever the project ignores.
   */
  readonly ignoresUnhandledErrors?: boolean;
  /**
   * Read each file's `dependsOn` from vite's module graph: for a discovery run, whose files
   * `--incremental` fingerprints; the rounds need none.
   */
  readonly dependencies?: boolean;
  /**
   * Every test file of the run has a worker of its own (`forks` or `threads` with `isolate:
   * true`): an unhandled error that vitest tagged with a file of the run (`VITEST_TEST_PATH`, the
   * file or copy its worker ran) happened in that file's run, and is one of that file's errors
   * outside its tests. Elsewhere a worker runs file after file, and a timer one file left can
   * fire while the next one runs: every unhandled error is then the whole run's.
   */
  readonly filesOwnTheirErrors?: boolean;
}

/**
 * Flattens vitest's TestModule tree, files in path order: vitest lists them in the order its
 * workers finished them, and a site keyed alike in two files must get the same first file (and
 * the same recorded value) on every run.
 */
export function readRoundOutcome(
  root: string,
  result: TestRunResult,
  testIdPrefixes: Readonly<Record<string, string>> = {},
  {
    ignoresUnhandledErrors = false,
    dependencies = false,
    filesOwnTheirErrors = false,
  }: ReadOptions = {},
): RoundOutcome {
  const errors = result.unhandledErrors.filter(
    (error) => !ignoresUnhandledErrors || WORKER_DIED.test(errorText(error)),
  );
  const ran = new Set(result.testModules.map((module) => module.moduleId));
  // The file or copy of this run whose worker reported the error, as vitest tagged it.
  const ranIn = (error: unknown): string | undefined => {
    const path = (error as { VITEST_TEST_PATH?: unknown } | null)?.VITEST_TEST_PATH;
    return typeof path === 'string' && ran.has(path) ? path : undefined;
  };
  const ownerOf = (error: unknown): string | undefined =>
    filesOwnTheirErrors ? ranIn(error) : undefined;
  const own = { tests: new Map<string, TestOutcome>(), files: new Map<string, FileOutcome>() };
  const instances = new Map<string, typeof own>();
  const modules = [...result.testModules].sort(
    (a, b) => compare(a.moduleId, b.moduleId) || compare(a.project.name, b.project.name),
  );
  for (const module of modules) {
    const { moduleId, tag } = splitInstance(module.moduleId);
    const file = relativeFile(root, moduleId);
    let into = own;
    if (tag !== undefined) {
      into = instances.get(tag) ?? { tests: new Map(), files: new Map() };
      instances.set(tag, into);
    }
    const idOf = (id: string): string =>
      tag === undefined ? id : canonicalTestId(id, testIdPrefixes[file]);
    for (const test of module.children.allTests())
      into.tests.set(idOf(test.id), readTest(test, file, idOf));
    const read = readFile(module, file, idOf);
    const dependsOn =
      dependencies && tag === undefined
        ? withRequired(projectFilesOf(module, root), read.report, root, module.moduleId)
        : undefined;
    const owned = errors.filter((error) => ownerOf(error) === module.moduleId).map(errorText);
    into.files.set(file, {
      ...read,
      errors: [...read.errors, ...owned],
      ...(dependsOn === undefined ? {} : { dependsOn }),
    });
  }
  const outside = errors.filter((error) => ownerOf(error) === undefined);
  const unhandled = outside.map(errorText);
  if (instances.size === 0) return { ...own, unhandled };
  const copies = new Map(
    [...instances].map(([tag, outcome]) => [tag, { ...outcome, unhandled: [] }]),
  );
  // Which copy each worker was running when it reported: a lead, not an owner (see `suspects`).
  const suspects = [
    ...new Set(
      outside.flatMap((error) => {
        const tag = splitInstance(ranIn(error) ?? '').tag;
        return tag === undefined ? [] : [tag];
      }),
    ),
  ];
  return { ...own, unhandled, instances: copies, ...(suspects.length > 0 ? { suspects } : {}) };
}

function readTest(test: TestCase, file: string, idOf: (id: string) => string): TestOutcome {
  const result = test.result();
  const report = readReport(test.meta());
  return {
    id: idOf(test.id),
    name: test.fullName,
    file,
    state: result.state,
    errors: lastAttempt((result.errors ?? []).map(errorText), report?.lastAttemptErrors),
    durationMs: test.diagnostic()?.duration ?? 0,
    report,
    knownFailing: test.options.fails === true,
    concurrent: test.options.concurrent === true,
  };
}

/**
 * The errors of a retried test's last attempt: a failed retried test is red for them alone (an
 * earlier attempt may fail in every run, and its assertion would take the kill). All of them
 * where the last attempt has none: with `repeats`, an earlier repeat's failure stands.
 */
function lastAttempt(errors: string[], from: number | undefined): string[] {
  return from === undefined || from >= errors.length ? errors : errors.slice(from);
}

function readFile(module: TestModule, file: string, idOf: (id: string) => string): FileOutcome {
  const diagnostic = module.diagnostic();
  return {
    file,
    moduleId: splitInstance(module.moduleId).moduleId,
    errors: errorsOutsideTests(module).map(errorText),
    testIds: [...module.children.allTests()].map((test) => idOf(test.id)),
    overheadMs: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration,
    report: readReport(module.meta()),
  };
}

/**
 * The errors of the file and of every describe block in it. A `beforeAll` or `afterAll` that
 * fails inside a `describe` fails that block, not the file: vitest skips the block's tests and
 * keeps the error on the block, and `vitest run` still ends red ("Failed Suites").
 */
function errorsOutsideTests(module: TestModule): unknown[] {
  return [module, ...module.children.allSuites()].flatMap((suite) => suite.errors());
}

/**
 * vite's graph of a file (`projectFilesOf`) joined by what Node's `require` loaded in its worker
 * (`TapReport.required`), as paths relative to `root` outside `node_modules`; the test file itself
 * is left out. Nothing where vite holds no graph of the file: its verdicts are neither kept nor reused.
 */
function withRequired(
  graph: string[] | undefined,
  report: TapReport | undefined,
  root: string,
  moduleId: string,
): string[] | undefined {
  if (graph === undefined) return undefined;
  const required = (report?.required ?? []).filter((file) => file !== moduleId);
  return [...new Set([...graph, ...projectRelative(required, root)])].sort();
}

function readReport(meta: object): TapReport | undefined {
  const text = (meta as Record<string, unknown>)[TAP_META_KEY];
  if (typeof text !== 'string') return undefined;
  const value: unknown = JSON.parse(text);
  return isTapReport(value) ? value : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { message, name } = error as { message?: unknown; name?: unknown };
    if (typeof message === 'string') return message;
    if (typeof name === 'string') return name;
  }
  return String(error);
}
