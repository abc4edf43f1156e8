import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { replayFuzzFixture } from '../../src/fuzz/replay-fuzz-fixture.js';
import { brokenDecoder } from '../fuzz/broken-decoder.js';
import { referenceDecoder } from '../fuzz/reference-decoder.js';
import { propertyRuns } from '../support/property-runs.js';

/** Module paths as --decoder takes them: relative to the working directory (the repo root). */
const HERE = path.relative(process.cwd(), path.join(import.meta.dirname, '../fuzz'));
const REFERENCE = `./${HERE}/reference-decoder.ts#referenceDecoder`;
const SHAPES = `./${HERE}/decoder-shapes.ts`;

let out: string;
let stderr: string;
let stdout: string;

beforeEach(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'fuzz-command-'));
  stderr = '';
  stdout = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(out, { recursive: true, force: true });
});

describe('envelope-mutants fuzz', () => {
  it('should exit 0 and write no fixture when every property holds', async () => {
    // Act
    const code = await main([
      'fuzz',
      '--decoder',
      REFERENCE,
      '--runs',
      String(propertyRuns(200)),
      '--seed',
      '3',
      '--out',
      out,
    ]);

    // Assert
    expect(code).toBe(0);
    expect(stdout).toContain('ok   correlation');
    expect(await readdir(out)).toEqual([]);
  });

  it('should exit 1 and write a replayable fixture per broken property', async () => {
    // Act
    const code = await main([
      'fuzz',
      '--decoder',
      `${SHAPES}#looseIds`,
      '--runs',
      '500',
      '--seed',
      '3',
      '--out',
      out,
    ]);

    // Assert
    expect(code).toBe(1);
    const files = await readdir(out);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      /^broken-correlation\.correlation\.seed-3\.path-(?:[\d_]+|h[0-9a-f]{8})\.json$/,
    );
    const fixture: unknown = JSON.parse(await readFile(path.join(out, files[0] ?? ''), 'utf8'));
    expect(fixture).toMatchObject({ property: 'correlation', replay: { seed: 3 } });
    expect(stdout).toContain(`--seed 3 --path`);
    const failures = await replayFuzzFixture(brokenDecoder(['correlation']), fixture);
    expect(failures.map((failure) => failure.property)).toContain('correlation');
    expect(await replayFuzzFixture(referenceDecoder(), fixture)).toEqual([]);
  });

  it('should print the rewording that breaks prose-invariance, and replay it from seed and path', async () => {
    // Arrange
    const args = ['fuzz', '--decoder', `${SHAPES}#proseReading`, '--out', out];

    // Act
    const code = await main([...args, '--runs', '500', '--seed', '3']);
    const files = await readdir(out);
    const fixture = JSON.parse(await readFile(path.join(out, files[0] ?? ''), 'utf8')) as {
      replay: { path: string };
      rewordings: unknown[];
    };
    const printed = stdout;
    stdout = '';
    const replayCode = await main([...args, '--seed', '3', '--path', fixture.replay.path]);

    // Assert
    expect(code).toBe(1);
    expect(files).toHaveLength(1);
    expect(fixture).toMatchObject({ property: 'prose-invariance', replay: { seed: 3 } });
    expect(fixture.rewordings).toHaveLength(1);
    expect(printed).toMatch(/FAIL prose-invariance\n {7}the policy decided \[retry-bounded\]/);
    expect(printed).toMatch(/reworded \(injected\) .* of envelope \d: ".*temporary/);
    expect(replayCode).toBe(1);
    expect(stdout).toContain('FAIL prose-invariance');
    const failures = await replayFuzzFixture(brokenDecoder(['prose-invariance']), fixture);
    expect(failures.map((failure) => failure.property)).toEqual(['prose-invariance']);
    expect(await replayFuzzFixture(referenceDecoder(), fixture)).toEqual([]);
  });

  it.each([
    [
      ['--decoder', './no/such/module.js#decoder'],
      '--decoder: module "./no/such/module.js" does not exist',
    ],
    [['--decoder', `${SHAPES}#nope`], `--decoder: module "${SHAPES}" has no export "nope"`],
    [
      ['--decoder', `${SHAPES}#notADecoder`],
      `is an object without createSession() and a boolean sanitizes, or with a name that is not a string, not a decoder`,
    ],
    [
      ['--decoder', `${SHAPES}#returnsNumber`],
      'is a function, but it returned a number instead of a decoder',
    ],
    [
      ['--decoder', 'some-module'],
      '--decoder: "some-module" is neither a built-in decoder nor <module>#<export>',
    ],
    [['--decoder', REFERENCE, '--runs', 'many'], '--runs: expected an integer but received "many"'],
    [['--decoder', REFERENCE, '--runs', '0'], '--runs: expected an integer ≥ 1 but received "0"'],
    [['--decoder', REFERENCE, '--seed', '1.5'], '--seed: expected an integer but received "1.5"'],
    [['--decoder', REFERENCE, '--profile', 'mcp-1999'], '--profile: unknown profile "mcp-1999"'],
    [['--decoder', REFERENCE, '--path', '1:2'], 'envelope-mutants: --path 1:2 needs --seed: '],
    [['--decoder', 'mcp-sdk-http', '--path', '1:2'], 'envelope-mutants: --path 1:2 needs --seed: '],
    [
      ['--decoder', 'mcp-sdk-http', '--seed', '1', '--path', 'abc'],
      'envelope-mutants: --path: "abc" is not a fast-check path. Copy it',
    ],
    [
      ['--decoder', REFERENCE, '--seed', '1', '--path', '1:x'],
      'envelope-mutants: --path: "1:x" is not a fast-check path.',
    ],
  ])('should exit 2 with a clear message for %j', async (args, message) => {
    // Act
    const code = await main(['fuzz', ...args, '--out', out]);

    // Assert
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toContain('    at ');
  });
});
