import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const SCRATCH = mkdtempSync(path.join(tmpdir(), 'envelope-mutants-bad-input-'));
const fixtures = fixtureCopies();
afterAll(() => {
  rmSync(SCRATCH, { recursive: true, force: true });
  fixtures.remove();
});

/** A project directory holding `files` (name → text). */
function project(name: string, files: Record<string, string>): string {
  const root = path.join(SCRATCH, name);
  mkdirSync(root, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  return root;
}

function withConfig(name: string, config: string): string {
  return project(name, { 'envelope-mutants.config.json': config });
}

const HANG = fixtures.root('hang');
const THROWS = "throw new Error('boom in the config');\n";
// No test file either: the report directory is checked before discovery would say so.
const REPORT_DIR_OUT = { 'envelope-mutants.config.json': '{ "reportDir": "out" }' };
const STACK_FRAME = /^ {4}at /m;

// [what the user got wrong, arguments, what stderr must say]
const CASES: readonly (readonly [string, () => readonly string[], RegExp])[] = [
  [
    'an unknown config key',
    () => ['--root', withConfig('key', '{"bogus":1}')],
    /unknown key "bogus"/,
  ],
  [
    'a config value of the wrong type',
    () => ['--root', withConfig('type', '{"seed":"x"}')],
    /seed: expected integer/,
  ],
  [
    'an unknown mutator',
    () => ['--root', withConfig('mutator', '{"mutators":["nope"]}')],
    /unknown mutator "nope"/,
  ],
  [
    'an unknown profile',
    () => ['--root', withConfig('profile', '{"profile":"mcp-9"}')],
    /unknown profile "mcp-9"/,
  ],
  [
    'a config that is not JSON',
    () => ['--root', withConfig('syntax', '{oops')],
    /invalid JSON at line 1/,
  ],
  [
    'a --config file that is missing',
    () => ['--root', HANG, '--config', 'nope.json'],
    /--config: no file at "nope.json"/,
  ],
  [
    'a --root that does not exist',
    () => ['--root', path.join(SCRATCH, 'nowhere')],
    // The one thing said: no phase starts before the root is checked.
    /^envelope-mutants: --root: .*nowhere does not exist\. Pass the directory/,
  ],
  [
    'a --root that is a file',
    () => ['--root', path.join(project('root-file', { 'a.txt': '' }), 'a.txt')],
    /^envelope-mutants: --root: .*a\.txt is a file, not a directory\. Pass the directory/,
  ],
  ['an empty project', () => ['--root', project('empty', {})], /no test files found under/],
  [
    'a vitest config and no test file',
    () => ['--root', project('no-tests', { 'vitest.config.mjs': 'export default {};\n' })],
    /no test files found under/,
  ],
  [
    'a suite that already fails',
    () => ['--root', fixtures.root('red')],
    /fails without any mutant\n {2}- failing\.spec\.ts > should be green but is not/,
  ],
  [
    'concurrent tests that wait on each other',
    () => ['--root', fixtures.root('waits-concurrently')],
    /should wait for its neighbour: Test timed out in 1000ms\.[^]*\nConcurrent tests run one at a time under envelope-mutants/,
  ],
  [
    "hooks of sequence.hooks 'parallel' that wait for each other",
    () => {
      // `vitest run` passes: the second hook releases the first. Under the harness's
      // maxConcurrency 1, which vitest applies to hooks too, the first waits alone.
      const files = {
        'vitest.config.mjs':
          "export default { test: { include: ['*.spec.mjs'], sequence: { hooks: 'parallel' }, hookTimeout: 1000 } };\n",
        'a.spec.mjs': [
          "import { beforeEach, test } from 'vitest';",
          'let release;',
          'const released = new Promise((resolve) => (release = resolve));',
          'beforeEach(() => released);',
          'beforeEach(() => release());',
          "test('t', () => {});",
          '',
        ].join('\n'),
      };
      return ['--root', project('parallel-hooks', files)];
    },
    /Hook timed out in 1000ms[^]*\nHooks of `sequence\.hooks: 'parallel'` run one at a time under envelope-mutants/,
  ],
  [
    'a globalSetup that throws',
    () => {
      const files = {
        'vitest.config.mjs':
          "export default { test: { include: ['*.spec.mjs'], globalSetup: ['./setup.mjs'] } };\n",
        // A timer it never clears: the command must still end, as `vitest run` does.
        'setup.mjs':
          "export default () => {\n  setInterval(() => {}, 1000);\n  throw new Error('the database is not reachable');\n};\n",
        'a.spec.mjs': "import { test } from 'vitest';\ntest('t', () => {});\n",
      };
      return ['--root', project('global-setup-throws', files)];
    },
    /globalSetup \([^)]*setup\.mjs\): its setup failed: Error: the database is not reachable\. Fix it; `npx vitest run` shows the whole error\./,
  ],
  [
    '--seed abc',
    () => ['--root', HANG, '--seed', 'abc'],
    /--seed: expected an integer but received "abc"/,
  ],
  ['--reporters pdf', () => ['--root', HANG, '--reporters', 'pdf'], /unknown reporter "pdf"/],
  ['--shard 3/2', () => ['--root', HANG, '--shard', '3/2'], /--shard: shard 3 of 2 does not exist/],
  [
    'a vitest config that throws',
    () => ['--root', project('vitest-throws', { 'vitest.config.ts': THROWS })],
    /^envelope-mutants: vitest\.config\.ts: vitest cannot start on this config \(boom in the config\)\. Fix it; `npx vitest run` in [^\n]+ shows the whole error\.\n$/,
  ],
  [
    // rolldown calls it an internal error; the cause, the empty file, is on its next line.
    'a vitest config beside an empty package.json',
    () => {
      const files = { 'package.json': '', 'vitest.config.ts': 'export default {};\n' };
      return ['--root', project('empty-package-json', files)];
    },
    /^envelope-mutants: vitest\.config\.ts: vitest cannot start on this config \(Build failed with 1 error: JSONError \{ path: "[^"]*empty-package-json\/package\.json", message: "File is empty"[^\n]*\)\. Fix it; [^\n]+\n$/,
  ],
  [
    'a vitestConfig with a syntax error',
    () => {
      const config = { 'envelope-mutants.config.json': '{ "vitestConfig": "broken.config.mts" }' };
      return ['--root', project('vitest-syntax', { ...config, 'broken.config.mts': '{{;\n' })];
    },
    /^envelope-mutants: broken\.config\.mts: vitest cannot start on this config \(Build failed with 1 error: \[PARSE_ERROR\] [^\n]+\)\. Fix it; `npx vitest run --config broken\.config\.mts` in [^\n]+\n$/,
  ],
  [
    'a reportDir naming an existing file (found before the run, not after it)',
    () => ['--root', project('report-file', { ...REPORT_DIR_OUT, out: 'a file\n' })],
    /reportDir: "out" is a file, not a directory\. Remove it/,
  ],
  [
    'a mutation.html that is a directory',
    () => {
      const root = project('report-html-dir', REPORT_DIR_OUT);
      mkdirSync(path.join(root, 'out', 'mutation.html'), { recursive: true });
      return ['--root', root, '--reporters', 'json,html'];
    },
    /reportDir: "out\/mutation\.html" is a directory, so the report cannot be written there\./,
  ],
  [
    '--mutant with an unknown id',
    () => ['--root', HANG, '--mutant', '0123456789ab'],
    /--mutant: no mutant 0123456789ab in this project/,
  ],
  [
    '--mutant with what is no mutant id, beside --shard',
    () => ['--root', HANG, '--mutant', 'nope', '--shard', '2/2'],
    /--mutant: "nope" is not a mutant id: an id is 12 hex digits/,
  ],
];

describe('envelope-mutants run on bad input', { timeout: 120_000 }, () => {
  test.each(CASES)('should explain %s with exit 2 and no stack trace', async (_, args, message) => {
    // Act
    const result = await runCli(['run', '--reporters', 'json', ...args()]);
    // Assert
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    expect(result.stderr).not.toContain('internal error');
  });

  test('should leave behind no report folder of its making when it refuses the suite', async () => {
    // Arrange: a suite that fails without mutants, refused at discovery, after the report folder
    // was made (it is made before the run, so that a run cannot end unable to write its report).
    const root = fixtures.root('red');
    const reports = path.join(root, 'reports');
    rmSync(reports, { recursive: true, force: true });
    // Act
    const result = await runCli(['run', '--reporters', 'json', '--root', root]);
    // Assert
    expect(result.exitCode, result.stderr).toBe(2);
    expect(existsSync(reports)).toBe(false);
  });

  test('should recognise a stack frame when there is one', () => {
    // Negative control for the check above: an internal error prints frames it would catch.
    expect(
      'RangeError: Maximum call stack size exceeded\n    at _redact (redact.js:36:17)',
    ).toMatch(STACK_FRAME);
  });
});
