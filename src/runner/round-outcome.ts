// What one vitest run told us, in plain data: the rest of the runner never touches vitest types.
import path from 'node:path';
import type { TestCase, TestModule, TestRunResult } from 'vitest/node';
import {
  canonicalTestId,
  isTapReport,
  testIdPrefix,
  splitInstance,
  TAP_META_KEY,
  type TapReport,
} from '../taps/tap-protocol.js';

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
}

export interface FileOutcome {
  readonly file: string;
  readonly moduleId: string;
  /** Errors outside any test: collection failures, failing beforeAll/afterAll hooks. */
  readonly errors: readonly string[];
  readonly testIds: readonly string[];
  /** Time to import the file and run its setup files, for round budgets. */
  readonly overheadMs: number;
  readonly report: TapReport | undefined;
}

export interface RoundOutcome {
  readonly tests: ReadonlyMap<string, TestOutcome>;
  readonly files: ReadonlyMap<string, FileOutcome>;
  /** Errors vitest could not tie to a test or file (a crashed worker, an unhandled rejection). */
  readonly unhandled: readonly string[];
  /**
   * Instanced rounds: what each copy of the files said, by tag, named as the files themselves
   * (files by their own name, tests by the ids of the discovery run). Their `unhandled` is empty:
   * an error outside every file belongs to the whole run.
   */
  readonly instances?: ReadonlyMap<string, RoundOutcome>;
}

export const EMPTY_OUTCOME: RoundOutcome = { tests: new Map(), files: new Map(), unhandled: [] };

/**
 * Flattens vitest's TestModule tree, files in path order: vitest lists them in the order its
 * workers finished them, and a site keyed alike in two files must get the same first file (and
 * the same recorded value) on every run.
 */
export function readRoundOutcome(
  root: string,
  result: TestRunResult,
  testIdPrefixes: Readonly<Record<string, string>> = {},
): RoundOutcome {
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
    into.files.set(file, readFile(module, file, idOf));
  }
  const unhandled = result.unhandledErrors.map(errorText);
  if (instances.size === 0) return { ...own, unhandled };
  const copies = new Map(
    [...instances].map(([tag, outcome]) => [tag, { ...outcome, unhandled: [] }]),
  );
  return { ...own, unhandled, instances: copies };
}

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

function readTest(test: TestCase, file: string, idOf: (id: string) => string): TestOutcome {
  const result = test.result();
  return {
    id: idOf(test.id),
    name: test.fullName,
    file,
    state: result.state,
    errors: (result.errors ?? []).map(errorText),
    durationMs: test.diagnostic()?.duration ?? 0,
    report: readReport(test.meta()),
    knownFailing: test.options.fails === true,
  };
}

function readFile(module: TestModule, file: string, idOf: (id: string) => string): FileOutcome {
  const diagnostic = module.diagnostic();
  return {
    file,
    moduleId: splitInstance(module.moduleId).moduleId,
    errors: module.errors().map(errorText),
    testIds: [...module.children.allTests()].map((test) => idOf(test.id)),
    overheadMs: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration,
    report: readReport(module.meta()),
  };
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

/** The project-relative, `/`-separated name every report uses for a file. */
export function relativeFile(root: string, moduleId: string): string {
  return path.relative(root, moduleId).split(path.sep).join('/');
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { message, name } = error as { message?: unknown; name?: unknown };
    if (typeof message === 'string') return message;
    if (typeof name === 'string') return name;
  }
  return String(error);
}
