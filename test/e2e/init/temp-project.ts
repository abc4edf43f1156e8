// Throwaway vitest projects for the e2e tests of `init`: a package.json and a node_modules whose
// entries link to this repository (envelope-mutants itself, as `npm i -D envelope-mutants` would
// install it) and to its own installed dependencies. No network.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = join(REPO, 'dist', 'src', 'bin.js');
const VITEST = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');

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
    _link(join(REPO, 'node_modules', name), join(root, 'node_modules', name));
  }
  if (options.devDependencies.includes('envelope-mutants'))
    _link(REPO, join(root, 'node_modules', 'envelope-mutants'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function _link(target: string, path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  symlinkSync(target, path, 'dir');
}

export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Variables exported in the shell the command runs in, on top of this process's. */
export type ExtraEnv = Readonly<Record<string, string>>;

/** Runs the built CLI (`npm run build` first) in `cwd`; the exit code is returned, not thrown. */
export function runCli(
  args: readonly string[],
  cwd: string,
  extraEnv: ExtraEnv = {},
): Promise<CliRun> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first.`);
  return _run(process.execPath, [BIN, ...args], cwd, extraEnv);
}

/** `npx vitest run` in the project, with more arguments (e.g. a reporter). */
export function runVitest(
  cwd: string,
  args: readonly string[] = [],
  extraEnv: ExtraEnv = {},
): Promise<CliRun> {
  return _run(process.execPath, [VITEST, 'run', '--root', cwd, ...args], cwd, extraEnv);
}

/** `npx tsc` in the project, with TypeScript from this repository. */
export function runTsc(cwd: string, args: readonly string[]): Promise<CliRun> {
  return _run(
    process.execPath,
    [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), ...args],
    cwd,
    {},
  );
}

function _run(
  file: string,
  args: readonly string[],
  cwd: string,
  extraEnv: ExtraEnv,
): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, NO_COLOR: '1' };
  delete env['VITEST'];
  delete env['VITEST_WORKER_ID'];
  delete env['VITEST_POOL_ID'];
  return promisify(execFile)(file, [...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ exitCode: 0, stdout, stderr }),
    (failure: unknown) => {
      const error = failure as { code?: unknown; stdout?: string; stderr?: string };
      return {
        exitCode: typeof error.code === 'number' ? error.code : -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      };
    },
  );
}

/** The stdio entry of examples/mcp-server, built with its own tsconfig when missing. */
export async function exampleServerDist(): Promise<string> {
  const dist = join(REPO, 'examples', 'mcp-server', 'dist');
  if (!existsSync(join(dist, 'src', 'stdio.js'))) {
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const config = join(REPO, 'examples', 'mcp-server', 'tsconfig.build.json');
    await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: REPO });
  }
  return dist;
}

/** A running examples/mcp-http-server on 127.0.0.1 (port 0): its endpoint, and how to stop it. */
export interface RunningHttpExample {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts examples/mcp-http-server (built with its own tsconfig when missing) as a process of its
 * own, as a user runs a remote server; its demo tokens are `demo-reader` and `demo-writer`.
 */
export async function startHttpExample(): Promise<RunningHttpExample> {
  const dist = join(REPO, 'examples', 'mcp-http-server', 'dist', 'src', 'main.js');
  if (!existsSync(dist)) {
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const config = join(REPO, 'examples', 'mcp-http-server', 'tsconfig.build.json');
    await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: REPO });
  }
  const child = spawn(process.execPath, [dist], {
    cwd: REPO,
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
    },
  };
}
