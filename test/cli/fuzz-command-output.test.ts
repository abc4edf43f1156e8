import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_FUZZ_OUT } from '../../src/cli/fuzz-command.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';

/** Module paths as --decoder takes them: relative to the working directory (the repo root). */
const HERE = path.relative(process.cwd(), path.join(import.meta.dirname, '../fuzz'));
const CRASHES = `./${HERE}/decoder-shapes.ts#crashes`;
const REFERENCE = `./${HERE}/reference-decoder.ts#referenceDecoder`;

let root: string;
let captured: CapturedOutput;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'fuzz-command-output-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

describe('envelope-mutants fuzz output', () => {
  it('should write fixtures under reports/envelope-mutants/fuzz by default', () => {
    expect(DEFAULT_FUZZ_OUT).toBe(path.join('reports', 'envelope-mutants', 'fuzz'));
  });

  it('should create the out directory, write the fixture as indented JSON and print its path', async () => {
    // Arrange
    const out = path.join(root, 'deep', 'fixtures');

    // Act
    const code = await main([
      'fuzz',
      ...['--decoder', CRASHES, '--runs', '1', '--seed', '3', '--profile', 'jsonrpc-2.0'],
      ...['--out', out],
    ]);

    // Assert
    expect(code).toBe(1);
    const files = await readdir(out);
    expect(files).toHaveLength(1);
    const file = path.join(out, files[0] ?? '');
    const text = await readFile(file, 'utf8');
    const fixture = JSON.parse(text) as { property: string; profile: string; decoder: string };
    expect(text).toBe(`${JSON.stringify(fixture, null, 2)}\n`);
    expect(fixture).toMatchObject({
      property: 'session-survives',
      profile: 'jsonrpc-2.0',
      decoder: 'crashing',
    });
    expect(files[0]).toMatch(/^crashing\.session-survives\.seed-3\.path-/);
    expect(captured.stdout).toContain('fuzz crashing (profile jsonrpc-2.0, seed 3, 1 runs)');
    expect(captured.stdout).toContain(`\n  fixture: ${file}\n`);
    expect(captured.stdout.match(/fixture: /g)).toHaveLength(1);
    expect(captured.stderr).toBe('');
  });

  it('should replay one case for --seed and --path', async () => {
    // Act
    const code = await main([
      'fuzz',
      ...['--decoder', CRASHES, '--seed', '3', '--path', '0', '--out', root],
    ]);

    // Assert
    expect(code).toBe(1);
    expect(captured.stdout).toContain(
      'fuzz crashing (profile mcp-2025-11-25, seed 3, replay of path 0)',
    );
    const files = await readdir(root);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^crashing\.session-survives\.seed-3\.path-0(?:_\d+)*\.json$/);
  });

  it('should create no out directory when every property holds', async () => {
    // Arrange
    const out = path.join(root, 'never');

    // Act
    const code = await main([
      'fuzz',
      ...['--decoder', REFERENCE, '--runs', '1', '--seed', '3', '--out', out],
    ]);

    // Assert
    expect(code).toBe(0);
    expect(existsSync(out)).toBe(false);
    expect(captured.stdout).not.toContain('fixture:');
  });

  it.each([
    [
      ['--runs', '1e3'],
      '--runs: expected an integer but received "1e3". Give a whole number, e.g. --runs 1000.',
    ],
    [['--runs', '-1'], '--runs: expected an integer ≥ 1 but received "-1". Give a larger number.'],
    [
      ['--seed', '-9007199254740992'],
      '--seed: expected an integer ≥ -9007199254740991 but received "-9007199254740992". Give a larger number.',
    ],
    [
      ['--seed', '9007199254740992'],
      '--seed: 9007199254740992 is too large. Give an integer below 2^53.',
    ],
    [
      ['--profile', 'mcp'],
      '--profile: unknown profile "mcp". Use one of jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28.',
    ],
  ])('should exit 2 and print exactly why for %j', async (args, message) => {
    // Act
    const code = await main(['fuzz', '--decoder', REFERENCE, ...args, '--out', root]);

    // Assert
    expect(code).toBe(2);
    expect(captured.stderr).toContain(message);
  });

  it('should accept a negative seed and a seed with surrounding spaces', async () => {
    // Act
    const negative = await main([
      'fuzz',
      ...['--decoder', REFERENCE, '--runs', '1', '--seed', '-3', '--out', root],
    ]);
    const spaced = await main([
      'fuzz',
      ...['--decoder', REFERENCE, '--runs', '1', '--seed', ' 4 ', '--out', root],
    ]);

    // Assert
    expect([negative, spaced]).toEqual([0, 0]);
    expect(captured.stdout).toContain('seed -3, 1 runs');
    expect(captured.stdout).toContain('seed 4, 1 runs');
  });
  it('should describe the command and every option in its help', async () => {
    // Act
    const code = await main(['fuzz', '--help']);

    // Assert
    expect(code).toBe(0);
    const help = captured.stdout.replace(/\s+/g, ' ');
    for (const line of [
      'fuzz a client decoder with valid and malformed envelopes (MCP SDK adapter: --decoder mcp-sdk)',
      '--decoder <spec> mcp-sdk, mcp-sdk-http, or <module>#<export> naming a Decoder',
      '--profile <name> taxonomy profile: jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28',
      '--runs <n> cases per property search (default 1000)',
      '--seed <n> fast-check seed (printed with every counterexample)',
      '--path <path> fast-check path: with --seed, replays exactly one case',
      `--out <dir> where counterexample fixtures are written (default: "${DEFAULT_FUZZ_OUT}")`,
    ]) {
      expect(help).toContain(line);
    }
  });
});
