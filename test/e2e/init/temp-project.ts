// Throwaway vitest projects for the e2e tests of `init`: a package.json and a node_modules whose
// entries link to this repository (envelope-mutants itself, as `npm i -D envelope-mutants` would
// install it) and to its own installed dependencies. No network.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../support/bin-path.js';
import { runNode, type CliResult } from '../../support/run-cli.js';
import { tempCopy, type TempCopy } from '../../support/temp-copy.js';

const VITEST = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

export interface TempProjectOptions {
  /** Dependencies listed in package.json (all linked from this repository's node_modules). */
  readonly devDependencies: readonly string[];
}

/** A temporary project directory; `remove()` deletes it. */
export interface TempProject {
  readonly root: string;
  remove(): void;
}

export function tempProject(options: TempProjectOptions): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'em-init-e2e-'));
  const devDependencies = Object.fromEntries(options.devDependencies.map((n) => [n, '*']));
  const manifest = { name: 'first-run', private: true, type: 'module', devDependencies };
  writeFileSync(join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const name of [...options.devDependencies, 'zod']) {
    if (name === 'envelope-mutants') continue;
    link(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name));
  }
  if (options.devDependencies.includes('envelope-mutants'))
    link(repoRoot, join(root, 'node_modules', 'envelope-mutants'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function link(target: string, path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  symlinkSync(target, path, 'dir');
}

/** Variables exported in the shell the command runs in, on top of this process's. */
export type ExtraEnv = Readonly<Record<string, string>>;

/** `npx vitest run` in the project, with more arguments (e.g. a reporter). */
export function runVitest(
  cwd: string,
  args: readonly string[] = [],
  extraEnv: ExtraEnv = {},
): Promise<CliResult> {
  return runNode(VITEST, ['run', '--root', cwd, ...args], { cwd, env: extraEnv });
}

/** `npx tsc` in the project, with TypeScript from this repository. */
function runTsc(cwd: string, args: readonly string[]): Promise<CliResult> {
  return runNode(join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), args, { cwd });
}

/** Type-checks `files` as a user's strict ESM project would: `tsc --strict`, Node's module rules. */
export function typecheckStrict(cwd: string, files: readonly string[]): Promise<CliResult> {
  return runTsc(cwd, [
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
    ...files,
  ]);
}

/**
 * A temporary copy of `examples/<name>` built with its own tsconfig (into the copy's `dist/`, so
 * the repository is left as it is); the caller removes it.
 */
export async function buildExample(name: string): Promise<TempCopy> {
  const copy = tempCopy([`examples/${name}`, 'tsconfig.json']);
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const config = join(copy.root, 'tsconfig.build.json');
  await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: copy.dir });
  return copy;
}

/** A running examples/mcp-http-server on 127.0.0.1 (port 0): its endpoint, and how to stop it. */
export interface RunningHttpExample {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts examples/mcp-http-server (built in a temporary copy, removed by `stop()`) as a process
 * of its own, as a user runs a remote server; its demo tokens are `demo-reader` and `demo-writer`.
 */
export async function startHttpExample(): Promise<RunningHttpExample> {
  const example = await buildExample('mcp-http-server');
  const dist = join(example.root, 'dist', 'src', 'main.js');
  const child = spawn(process.execPath, [dist], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = /MCP endpoint: (\S+)/.exec(text)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the example server exited (${code})`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      example.remove();
    },
  };
}
