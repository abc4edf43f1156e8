import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { registerInitCommand } from '../../src/cli/init-command.js';
import { DEFAULT_SUITE_FILE, INIT_CONFIG_FILE } from '../../src/init/run-init.js';
import { writeFixtureServer } from '../support/stdio-fixture-server.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-init-command-'));
  const manifest = { name: 'p', devDependencies: { vitest: '^4.1.0' } };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest));
  writeFixtureServer(root);
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

function initProgram(): Command {
  const program = new Command('envelope-mutants').exitOverride();
  registerInitCommand(program, () => undefined);
  return program;
}

/** Runs `init` alone on a fresh program and returns what it printed. */
async function init(args: readonly string[]): Promise<string> {
  const chunks: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  await initProgram().parseAsync(['init', ...args], { from: 'user' });
  return chunks.join('');
}

async function rejection(args: readonly string[]): Promise<string> {
  try {
    await init(args);
  } catch (error) {
    expect(isConfigError(error), String(error)).toBe(true);
    return (error as Error).message;
  }
  return 'resolved';
}

const exists = (file: string): boolean => existsSync(path.join(root, file));

describe('envelope-mutants init', () => {
  it('should describe the command and each flag', () => {
    const init = initProgram().commands[0];

    expect(init?.description()).toBe(
      'write envelope-mutants.config.json; with --server or --url, a starter contract suite',
    );
    expect(init?.options.map((option) => [option.flags, option.description])).toEqual([
      ['--root <dir>', 'the project root (default: the current directory)'],
      ['--server <command>', 'a stdio MCP server command, e.g. "node dist/server.js"'],
      ['--url <url>', 'a running MCP server on Streamable HTTP, e.g. http://127.0.0.1:3000/mcp'],
      [
        '--header <name: value>',
        'a header for --url, e.g. "Authorization: Bearer <token>"; the suite reads it from an environment variable (repeatable)',
      ],
      [
        '--low-scope-header <name: value>',
        "a header of a credential lacking some tool's scope: adds the 403 insufficient_scope cases (repeatable)",
      ],
      [
        '--out <file>',
        `the generated suite, relative to the root (default: ${DEFAULT_SUITE_FILE})`,
      ],
      ['--force', 'overwrite existing files'],
      ['--timeout <ms>', 'per request to the server (default: 10000)'],
      ['--env <VAR=value>', 'a variable for the server, on top of your environment (repeatable)'],
      [
        '--allow-destructive',
        'also call tools whose annotations say they may destroy state (MCP destructiveHint)',
      ],
    ]);
  });

  it('should write the config in --root and print what it wrote', async () => {
    const out = await init(['--root', root]);

    expect(out.startsWith(`wrote ${INIT_CONFIG_FILE}\n\nNext steps:\n`)).toBe(true);
    expect(exists(INIT_CONFIG_FILE)).toBe(true);
    expect(exists(DEFAULT_SUITE_FILE)).toBe(false);
  });

  it('should run in the current directory without --root', async () => {
    vi.spyOn(process, 'cwd').mockReturnValue(root);

    await init([]);

    expect(exists(INIT_CONFIG_FILE)).toBe(true);
  });

  it('should write the suite for --server to --out', async () => {
    const out = await init([
      '--root',
      root,
      '--server',
      'node server.mjs ok',
      '--out',
      'contract.test.ts',
      '--timeout',
      '5000',
    ]);

    expect(out).toContain('wrote contract.test.ts\ncontract suite: 6 cases, 0 known-failing');
    expect(readFileSync(path.join(root, 'contract.test.ts'), 'utf8')).toContain(
      `const SERVER = { command: 'node', args: ['server.mjs', 'ok'] };`,
    );
    expect(exists(DEFAULT_SUITE_FILE)).toBe(false);
  });

  it("should write the suite where the vitest config's include runs it", async () => {
    // Arrange: a project whose tests are spec/**/*.spec.ts, where test/ is never run.
    writeFileSync(
      path.join(root, 'vitest.config.mjs'),
      "export default { test: { include: ['spec/**/*.spec.ts'] } };\n",
    );
    // Act
    const out = await init(['--root', root, '--server', 'node server.mjs ok', '--timeout', '5000']);
    const given = await init([
      ...['--root', root, '--server', 'node server.mjs ok', '--timeout', '5000'],
      ...['--out', 'test/contract.test.ts', '--force'],
    ]);
    // Assert: until 2026-12-07 it wrote test/, and vitest never ran the suite.
    expect(out).toContain('wrote spec/envelope-mutants.contract.spec.ts\n');
    expect(exists(DEFAULT_SUITE_FILE)).toBe(false);
    expect(out).not.toContain('does not run');
    expect(given).toContain(
      "vitest's config does not run test/contract.test.ts (include: `spec/**/*.spec.ts`), so",
    );
  });

  it('should refuse a --timeout that is not an integer', async () => {
    const message = await rejection(['--root', root, '--timeout', 'soon']);

    expect(message).toBe(
      '--timeout: expected an integer but received "soon". Give a whole number, e.g. --timeout 42.',
    );
  });

  it('should refuse an empty --timeout, and one past the longest timer Node sets', async () => {
    // Number('') is 0, which was reported as "received 0"; past 2^31 - 1 ms the probe gave up at once.
    expect(await rejection(['--root', root, '--timeout', ''])).toBe(
      '--timeout: expected an integer but received "". Give a whole number, e.g. --timeout 42.',
    );
    expect(await rejection(['--root', root, '--timeout', '3000000000'])).toBe(
      'init --timeout: 3000000000 ms is longer than the longest timer Node sets (2147483647 ms, about 24.8 days). Pass a shorter one, e.g. --timeout 60000.',
    );
  });

  it('should refuse to replace an existing config without --force, and replace it with --force', async () => {
    writeFileSync(path.join(root, INIT_CONFIG_FILE), '{}\n');

    const message = await rejection(['--root', root]);
    await init(['--root', root, '--force']);

    expect(message).toMatch(/^init: envelope-mutants\.config\.json already exists\./);
    expect(readFileSync(path.join(root, INIT_CONFIG_FILE), 'utf8')).toContain('"strict": true');
  });
});

describe('envelope-mutants init on a server in the wild', () => {
  const suiteText = (): string => readFileSync(path.join(root, DEFAULT_SUITE_FILE), 'utf8');

  it('should pass VAR=value prefixes and --env to the server, --env last, and skip destructive tools', async () => {
    const out = await init([
      '--root',
      root,
      '--server',
      'FIXTURE_CONFIG=prefix node server.mjs wild .',
      '--env',
      'FIXTURE_CONFIG=flag',
      '--env',
      'OTHER=x',
    ]);

    expect(suiteText()).toContain(
      "const SERVER_ENV: Record<string, string> = { FIXTURE_CONFIG: 'flag', OTHER: 'x' };",
    );
    expect(out).toContain(
      'Not called (their annotations say they may destroy state; pass --allow-destructive to call them): wipe',
    );
    expect(exists('wiped')).toBe(false);
  });

  it('should call a destructive tool with --allow-destructive', async () => {
    await init(['--root', root, '--server', 'node server.mjs wild .', '--allow-destructive']);

    expect(exists('wiped')).toBe(true);
    expect(suiteText()).toContain("await call('tools/call', { name: 'wipe', arguments: {} })");
  });

  it('should refuse an --env that is not VAR=value', async () => {
    const message = await rejection([
      '--root',
      root,
      '--server',
      'node server.mjs ok',
      '--env',
      'X',
    ]);

    expect(message).toBe(
      'init --env: expected VAR=value but received "X". Pass e.g. --env MEMORY_FILE_PATH=./memory.json.',
    );
    expect(exists(INIT_CONFIG_FILE)).toBe(false);
  });
});
