import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { discover, DISCOVERY_BUDGET_MS } from '../../src/engine/discover.js';
import type { RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import type {
  FileSelection,
  ProjectPool,
  SessionRun,
  TestSession,
} from '../../src/engine/test-session.js';
import { FORKS } from './pool-fixtures.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'discover-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function testOutcome(id: string, file: string, overrides: Partial<TestOutcome> = {}): TestOutcome {
  return {
    id,
    name: `answers ${id}`,
    file,
    state: 'passed',
    errors: [],
    durationMs: 1,
    report: { sites: [], applied: [] },
    ...overrides,
  };
}

/** An outcome of `tests`, each file holding its own tests, with `errors` by file. */
function outcomeOf(
  tests: TestOutcome[],
  fileNames: string[],
  errors: Record<string, string[]> = {},
): RoundOutcome {
  const files = fileNames.map((file) => ({
    file,
    moduleId: path.join(root, file),
    errors: errors[file] ?? [],
    testIds: tests.filter((each) => each.file === file).map((each) => each.id),
    overheadMs: 1,
    report: undefined,
  }));
  return {
    tests: new Map(tests.map((each) => [each.id, each])),
    files: new Map(files.map((each) => [each.file, each])),
    unhandled: [],
  };
}

/** A session over `files` (relative to the root) that answers the one run with `run`. */
function sessionOf(files: string[], run: SessionRun, pool: ProjectPool = FORKS) {
  const asked: { plan: TapPlan; selection: FileSelection; budgetMs: number }[] = [];
  const session = {
    testFiles: () => Promise.resolve(files.map((file) => path.join(root, file))),
    projectPool: () => pool,
    run: (plan: TapPlan, selection: FileSelection, budgetMs: number) => {
      asked.push({ plan, selection, budgetMs });
      return Promise.resolve(run);
    },
  } as unknown as TestSession;
  return { session, asked };
}

async function configErrorOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(isConfigError(error)).toBe(true);
  return (error as Error).message;
}

describe('discover', () => {
  test('should record every test file once, without a budget, and hand on sites and tests', async () => {
    // Arrange
    const site = { key: 'k', kind: 'envelope' as const, value: { id: 1 }, check: {} };
    const outcome = outcomeOf(
      [testOutcome('t1', 'a.test.ts', { report: { sites: [site], applied: [] } })],
      ['a.test.ts', 'b.test.ts'],
    );
    const { session, asked } = sessionOf(['a.test.ts', 'b.test.ts'], { outcome, timedOut: false });
    // Act
    const discovery = await discover(session, root);
    // Assert
    expect(asked).toHaveLength(1);
    expect(asked[0]?.plan).toEqual({ mode: 'record', root, mutations: {} });
    expect([...(asked[0]?.selection ?? new Map())]).toEqual([
      [path.join(root, 'a.test.ts'), 'all'],
      [path.join(root, 'b.test.ts'), 'all'],
    ]);
    expect(asked[0]?.budgetMs).toBe(DISCOVERY_BUDGET_MS);
    expect(discovery.outcome).toBe(outcome);
    expect(discovery.sites.map((each) => [each.key, each.testIds])).toEqual([['k', ['t1']]]);
    expect(discovery.tests.map((each) => each.id)).toEqual(['t1']);
  });

  test('should name a root that does not exist', async () => {
    const missing = path.join(root, 'nowhere');
    const { session } = sessionOf([], { outcome: null, timedOut: false });
    expect(await configErrorOf(discover(session, missing))).toBe(
      `--root: ${missing} does not exist. Pass the directory of a vitest project.`,
    );
  });

  test('should say where it found no test file', async () => {
    const { session } = sessionOf([], { outcome: null, timedOut: false });
    expect(await configErrorOf(discover(session, root))).toMatch(
      /^discovery: no test files found under .*discover-.*\. Check vitest's "include"/,
    );
  });

  test('should refuse a discovery run that did not finish', async () => {
    const { session } = sessionOf(['a.test.ts'], { outcome: null, timedOut: false });
    expect(await configErrorOf(discover(session, root))).toBe(
      'discovery: vitest did not finish. Run the suite with vitest to see why.',
    );
  });

  test('should list every reason the suite fails without a mutant, one line each', async () => {
    // Arrange: a file that fails to load, a failing test, an unhandled error, a file not run.
    const outcome = {
      ...outcomeOf(
        [testOutcome('t1', 'a.test.ts', { state: 'failed', errors: ['expected 2 to be 1\nat x'] })],
        ['a.test.ts', 'b.test.ts', 'd.test.ts'],
        {
          'b.test.ts': ['SyntaxError: oops\n  at y'],
          'd.test.ts': [
            'Transform failed with 1 error:\n\n\x1b[31m[TSCONFIG_ERROR] \x1b[0mno tsconfig\n',
          ],
        },
      ),
      unhandled: ['rejected later\nstack'],
    };
    const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts'];
    const { session } = sessionOf(files, { outcome, timedOut: false });
    // Act
    const message = await configErrorOf(discover(session, root));
    // Assert
    expect(message).toBe(
      'discovery: the suite fails without any mutant' +
        '\n  - b.test.ts: SyntaxError: oops' +
        '\n  - d.test.ts: Transform failed with 1 error: [TSCONFIG_ERROR] no tsconfig' +
        '\n  - a.test.ts > answers t1: expected 2 to be 1' +
        '\n  - unhandled error: rejected later' +
        '\n  - c.test.ts: did not run' +
        '\nFix these failures (the suite must pass before mutation testing) and run again.',
    );
  });

  test('should refuse a suite none of whose tests ran, and not one where one did', async () => {
    // Arrange: every test skipped; then one of them passing.
    const skipped = outcomeOf(
      [
        testOutcome('t1', 'a.test.ts', { state: 'skipped' }),
        testOutcome('t2', 'a.test.ts', { state: 'pending' }),
      ],
      ['a.test.ts'],
    );
    const oneRan = outcomeOf(
      [testOutcome('t1', 'a.test.ts', { state: 'skipped' }), testOutcome('t2', 'a.test.ts')],
      ['a.test.ts'],
    );
    // Act
    const message = await configErrorOf(
      discover(sessionOf(['a.test.ts'], { outcome: skipped, timedOut: false }).session, root),
    );
    const discovery = await discover(
      sessionOf(['a.test.ts'], { outcome: oneRan, timedOut: false }).session,
      root,
    );
    // Assert
    expect(message).toMatch(/^discovery: none of the suite's 2 tests ran \(each was skipped/);
    expect(discovery.tests.map((test) => test.id)).toEqual(['t2']);
  });

  test('should say who asked for vmForks when the suite fails there', async () => {
    // Arrange: a failing test, in a session vmForks was asked for, from each place, and not.
    const outcome = outcomeOf(
      [testOutcome('t1', 'a.test.ts', { state: 'failed', errors: ['not supported'] })],
      ['a.test.ts'],
    );
    const messageOf = async (askedBy?: 'flag' | 'config') => {
      const { session } = sessionOf(['a.test.ts'], { outcome, timedOut: false });
      return configErrorOf(discover(session, root, askedBy));
    };
    // Act
    const flag = await messageOf('flag');
    const config = await messageOf('config');
    const own = await messageOf();
    // Assert: each says how to undo what it asked for; the project's own pool says nothing.
    const tail = ` ("auto", the default, keeps the project's own pool where vmForks differs).`;
    const ran = "\nThe suite ran in vitest's vmForks pool, as";
    expect(flag).toMatch(/and run again\.\nThe suite ran/);
    expect(
      flag.endsWith(
        `${ran} the command line asks. If it passes under plain \`vitest run\`, it fails only in vmForks: run without --pool vmForks, or with --pool project${tail}`,
      ),
    ).toBe(true);
    expect(
      config.endsWith(
        `${ran} the config asks. If it passes under plain \`vitest run\`, it fails only in vmForks: remove "pool": "vmForks" from the config, or set it to "project"${tail}`,
      ),
    ).toBe(true);
    expect(own).toMatch(/and run again\.$/);
  });

  test('should say how snapshots are read when a failure names one', async () => {
    // Arrange: vitest's failures for an obsolete snapshot, and for a missing one beside another.
    const obsolete = outcomeOf([], ['a.test.ts'], {
      'a.test.ts': ['Obsolete snapshots found when no snapshot update is expected.\n· t 1'],
    });
    const missing = outcomeOf(
      [
        testOutcome('t1', 'a.test.ts', { state: 'failed', errors: ['Snapshot `t 1` mismatched'] }),
        testOutcome('t2', 'a.test.ts', { state: 'failed', errors: ['expected 2 to be 1'] }),
      ],
      ['a.test.ts'],
    );
    const other = outcomeOf(
      [testOutcome('t1', 'snapshot.test.ts', { state: 'failed', errors: ['expected 2 to be 1'] })],
      ['snapshot.test.ts'],
    );
    const messages: string[] = [];
    // Act
    for (const [outcome, file] of [
      [obsolete, 'a.test.ts'],
      [missing, 'a.test.ts'],
      [other, 'snapshot.test.ts'],
    ] as const) {
      const { session } = sessionOf([file], { outcome, timedOut: false });
      messages.push(await configErrorOf(discover(session, root)));
    }
    // Assert: the hint for both snapshot failures, and not for another failure in a file whose
    // name says snapshot.
    const hint =
      '\nSnapshots are read, never written, as with `CI=true vitest run`: a missing snapshot fails as mismatched and an obsolete one fails its file. Write or prune them with `vitest run -u` first.';
    expect(messages.map((message) => message.endsWith(`and run again.${hint}`))).toEqual([
      true,
      true,
      false,
    ]);
    expect(messages[2]).toMatch(/and run again\.$/);
  });

  test('should say concurrent tests run one at a time when a concurrent test timed out', async () => {
    // Arrange: a concurrent test over its timeout (and a failing hook after it), a concurrent
    // test failing otherwise, and a test over its timeout that is not concurrent.
    const failed = (concurrent: boolean, ...errors: string[]): RoundOutcome =>
      outcomeOf(
        [testOutcome('t1', 'a.test.ts', { state: 'failed', errors, concurrent })],
        ['a.test.ts'],
      );
    const timedOut = 'Test timed out in 5000ms.\nIf this is a long-running test, …';
    const messages: string[] = [];
    // Act
    for (const outcome of [
      failed(true, timedOut, 'afterEach: the client was not closed'),
      failed(true, 'expected 2 to be 1'),
      failed(false, timedOut),
    ]) {
      const { session } = sessionOf(['a.test.ts'], { outcome, timedOut: false });
      messages.push(await configErrorOf(discover(session, root)));
    }
    // Assert
    const hint =
      '\nConcurrent tests run one at a time under envelope-mutants, so that each envelope is filed under the test that tapped it: a concurrent test that waits for another one times out. Let each test stand on its own.';
    expect(messages.map((message) => message.endsWith(hint))).toEqual([true, false, false]);
  });

  test("should say hooks run one at a time when a hook timed out under sequence.hooks 'parallel'", async () => {
    // Arrange: a hook that waits for its sibling hook, which under maxConcurrency 1 never starts.
    const timedOut = 'Hook timed out in 3000ms.\nIf this is a long-running hook, …';
    const outcome = outcomeOf([], ['a.test.ts'], { 'a.test.ts': [timedOut] });
    const other = outcomeOf([], ['a.test.ts'], { 'a.test.ts': ['expected 2 to be 1'] });
    const parallel = { ...FORKS, parallelHooks: true };
    const messages: string[] = [];
    // Act
    for (const [run, pool] of [
      [outcome, parallel],
      [other, parallel],
      [outcome, FORKS],
    ] as const) {
      const { session } = sessionOf(['a.test.ts'], { outcome: run, timedOut: false }, pool);
      messages.push(await configErrorOf(discover(session, root)));
    }
    // Assert
    const hint =
      "\nHooks of `sequence.hooks: 'parallel'` run one at a time under envelope-mutants (vitest holds hooks to maxConcurrency, which is 1 here so that each envelope is filed under the test that tapped it): a hook that waits for another one times out. Let each hook stand on its own.";
    expect(messages.map((message) => message.endsWith(hint))).toEqual([true, false, false]);
  });

  test('should say where the tests ran when a file was not found outside the root', async () => {
    // Arrange: a test that opens a fixture by a relative path, run from another folder (the
    // repository's, where this test runs) and from the root itself; and another failure.
    const failed = (error: string): RoundOutcome =>
      outcomeOf(
        [testOutcome('t1', 'a.test.ts', { state: 'failed', errors: [error] })],
        ['a.test.ts'],
      );
    const notFound = "ENOENT: no such file or directory, open 'test/fixtures/tools.json'";
    const cwd = process.cwd();
    const messages: string[] = [];
    // Act
    const atImport = outcomeOf([], ['a.test.ts'], { 'a.test.ts': [notFound] });
    const unhandled = { ...outcomeOf([], ['a.test.ts']), unhandled: [notFound] };
    for (const [outcome, from] of [
      [failed(notFound), root],
      [atImport, root],
      [unhandled, root],
      [failed(notFound), cwd],
      [failed('expected 2 to be 1'), root],
    ] as const) {
      const { session } = sessionOf(['a.test.ts'], { outcome, timedOut: false });
      messages.push(await configErrorOf(discover(session, from)));
    }
    // Assert
    const hint = `\nA file was not found, and the tests ran in ${cwd}, not in the project's folder ${root}: vitest leaves the working directory where the command started (as \`vitest --root\` does). If the suite opens files by paths relative to its folder, run envelope-mutants from there: cd ${root}.`;
    expect(messages.map((message) => message.endsWith(hint))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(messages[3]).toMatch(/and run again\.$/);
  });

  test('should list the first 10 failures and count the rest', async () => {
    // Arrange: 10 and 11 failing tests.
    const failing = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        testOutcome(`t${i}`, 'a.test.ts', { state: 'failed', errors: [] }),
      );
    const messages: string[] = [];
    // Act
    for (const count of [10, 11]) {
      const outcome = outcomeOf(failing(count), ['a.test.ts']);
      const { session } = sessionOf(['a.test.ts'], { outcome, timedOut: false });
      messages.push(await configErrorOf(discover(session, root)));
    }
    // Assert
    expect(messages.map((message) => message.split('\n').length)).toEqual([12, 13]);
    expect(messages[0]).not.toContain('more');
    expect(messages[1]).toContain('\n  - a.test.ts > answers t9: \n  … and 1 more\nFix');
  });
});
