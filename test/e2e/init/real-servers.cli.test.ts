// `init` on two servers nobody here wrote, as installed from the npm registry (pinned in
// package.json): @modelcontextprotocol/server-memory and server-filesystem. One init per server,
// one vitest run of both generated suites and one strict tsc, shared by every assertion. `run` on
// them takes minutes on two cores (server-memory, 4 of its mutators: about 6 min), too slow for
// `npm test`.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { runTsc, runVitest, tempProject, type TempProject } from './temp-project.js';
import { writeFixtureServer } from '../../support/stdio-fixture-server.js';

interface VitestReport {
  readonly success: boolean;
  readonly numFailedTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly assertionResults: readonly { readonly title: string; readonly status: string }[];
  }[];
}

const MEMORY_SUITE = 'test/memory.contract.test.ts';
const FILESYSTEM_SUITE = 'test/filesystem.contract.test.ts';
// A server that exits when called with an unknown tool: init gives its suite a server per test.
const FRAGILE_SUITE = 'test/fragile.contract.test.ts';
const SERVERS = 'node_modules/@modelcontextprotocol';
const KEPT = 'a file no test may touch\n';
const UNKNOWN_TOOL_CASE = 'should reject an unknown tool with a -32602 protocol error';

let project: TempProject;
let memoryFile: string;
let memoryInit: CliResult;
let filesystemInit: CliResult;
let fragileInit: CliResult;
let memoryFileAfterInit: boolean;
let vitest: CliResult;
let report: VitestReport;
let tsc: CliResult;

beforeAll(async () => {
  project = tempProject({
    devDependencies: [
      'envelope-mutants',
      'vitest',
      '@modelcontextprotocol/sdk',
      '@modelcontextprotocol/server-memory',
      '@modelcontextprotocol/server-filesystem',
      '@types/node',
    ],
  });
  const root = project.root;
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'data', 'kept.txt'), KEPT);
  // `export MEMORY_FILE_PATH=…` in the user's shell: the server must see it.
  memoryFile = join(root, 'memory.json');
  const exported = { MEMORY_FILE_PATH: memoryFile };
  memoryInit = await runCli(
    ['init', '--server', `node ${SERVERS}/server-memory/dist/index.js`, '--out', MEMORY_SUITE],
    { cwd: root, env: exported },
  );
  memoryFileAfterInit = existsSync(memoryFile);
  rmSync(memoryFile, { force: true });
  filesystemInit = await runCli(
    [
      'init',
      '--server',
      `node ${SERVERS}/server-filesystem/dist/index.js data`,
      '--out',
      FILESYSTEM_SUITE,
      '--force',
    ],
    { cwd: root },
  );
  writeFixtureServer(root);
  fragileInit = await runCli(
    ['init', '--server', 'node server.mjs fragile', '--out', FRAGILE_SUITE, '--force'],
    { cwd: root },
  );
  const out = join(root, 'vitest.json');
  vitest = await runVitest(root, ['--reporter=json', `--outputFile=${out}`], exported);
  report = JSON.parse(readFileSync(out, 'utf8')) as VitestReport;
  tsc = await runTsc(root, [
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
    '--skipLibCheck',
    '--types',
    'node',
    MEMORY_SUITE,
    FILESYSTEM_SUITE,
    FRAGILE_SUITE,
  ]);
}, 300_000);
afterAll(() => project.remove());

function suite(file: string): string {
  return readFileSync(join(project.root, file), 'utf8');
}

function testsOf(file: string): readonly { title: string; status: string }[] {
  return report.testResults.find((result) => result.name.endsWith(file))?.assertionResults ?? [];
}

describe('init on @modelcontextprotocol/server-memory and server-filesystem', () => {
  it('should write both suites, and both pass vitest run', () => {
    expect(memoryInit.exitCode, memoryInit.stderr).toBe(0);
    expect(filesystemInit.exitCode, filesystemInit.stderr).toBe(0);
    expect(vitest.exitCode, vitest.stderr).toBe(0);
    expect(report.success).toBe(true);
    expect(report.numFailedTests).toBe(0);
    expect(testsOf(MEMORY_SUITE).length).toBeGreaterThan(5);
    expect(testsOf(FILESYSTEM_SUITE).length).toBeGreaterThan(10);
  });

  it('should write a suite with a server per test for a server that closes its session, and it passes', () => {
    expect(fragileInit.exitCode, fragileInit.stderr).toBe(0);
    expect(suite(FRAGILE_SUITE)).toContain('beforeEach(async ({ task }) => {');
    const tests = testsOf(FRAGILE_SUITE);
    expect(tests.length).toBeGreaterThan(3);
    expect(tests.filter((test) => test.status !== 'passed')).toEqual([]);
  });

  it("should pass the user's environment to the server, in init and in the generated suite", () => {
    expect(memoryFileAfterInit).toBe(true);
    expect(existsSync(memoryFile)).toBe(true);
  });

  it('should call no destructive tool, and say which it left alone', () => {
    expect(memoryInit.stdout).toMatch(
      /^Not called \(their annotations say they may destroy state; pass --allow-destructive to call them\): delete_entities, delete_observations, delete_relations$/m,
    );
    expect(filesystemInit.stdout).toMatch(/^Not called \(.*\): write_file, edit_file, move_file$/m);
    expect(suite(FILESYSTEM_SUITE)).not.toMatch(/name: '(write_file|edit_file|move_file)'/);
    expect(suite(MEMORY_SUITE)).not.toMatch(/name: 'delete_/);
    expect(readFileSync(join(project.root, 'data', 'kept.txt'), 'utf8')).toBe(KEPT);
  });

  it('should report each finding as an it.fails that passes while the server breaks the rule', () => {
    for (const file of [MEMORY_SUITE, FILESYSTEM_SUITE]) {
      expect(suite(file)).toContain(`it.fails('${UNKNOWN_TOOL_CASE}'`);
      expect(testsOf(file)).toContainEqual(
        expect.objectContaining({ title: UNKNOWN_TOOL_CASE, status: 'passed' }),
      );
    }
  });

  it('should not report the directory server-filesystem was given as a leak', () => {
    expect(filesystemInit.stdout).not.toContain('[sanitize.leak]');
    expect(suite(FILESYSTEM_SUITE)).toContain(
      "const ALLOWED_VALUES = [...['data'].flatMap(givenPath)];",
    );
    expect(testsOf(FILESYSTEM_SUITE)).toContainEqual(
      expect.objectContaining({
        title: 'should answer list_allowed_directories with a minimal valid call',
        status: 'passed',
      }),
    );
  });

  it('should write suites that type-check under tsc --strict', () => {
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.exitCode).toBe(0);
  });
});
