// The pages under docs/reference/ are generated from the code by scripts/docs-reference.js (the
// catalogue, RULE_NAMES, the profiles, the config schema, the CLI's help). They are committed, so
// this test fails when one differs from what the code generates: run `npm run docs:reference`.
// The script reads the build (hence an e2e test): `npm test` builds first; alone, run
// `npm run build` before.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const script = path.join(repo, 'scripts', 'docs-reference.js');
const committed = path.join(repo, 'docs', 'reference');

interface CheckResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node scripts/docs-reference.js --check [--dir dir]`: compares, writes nothing. */
async function check(dir: string): Promise<CheckResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [script, '--check', '--dir', dir],
      { cwd: repo },
    );
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      exitCode: failed.code ?? -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** Replaces `from` by `to` in one page of a copy; fails if `from` is not there. */
function editRow(dir: string, page: string, from: string, to: string): void {
  const file = path.join(dir, page);
  const text = readFileSync(file, 'utf8');
  expect(text, `${page} no longer contains ${from}`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

let edited: string;
let ofCommitted: Promise<CheckResult>;
let ofEdited: Promise<CheckResult>;
beforeAll(() => {
  // Arrange (both tests): the committed pages, and a copy with a row edited in three of them.
  // Both checks start at once: each loads the build and the CLI in a child process.
  edited = mkdtempSync(path.join(os.tmpdir(), 'envelope-mutants-reference-'));
  cpSync(committed, edited, { recursive: true });
  editRow(edited, 'mutators.md', 'Deletes isError from a tool failure', 'Removes isError');
  editRow(edited, 'rules.md', '`jsonrpc.members`', '`jsonrpc.member`');
  editRow(edited, 'config.md', '`"mcp-2025-11-25"`', '`"mcp-2025-06-18"`');
  ofCommitted = check(committed);
  ofEdited = check(edited);
});
afterAll(async () => {
  await Promise.allSettled([ofCommitted, ofEdited]);
  rmSync(edited, { recursive: true, force: true });
});

describe('the generated reference pages', () => {
  it('should equal what the code generates', async () => {
    // Act
    const result = await ofCommitted;

    // Assert
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('should name every page whose row was edited by hand (negative control)', async () => {
    // Act
    const result = await ofEdited;

    // Assert
    expect(result.exitCode).toBe(1);
    const stale = /docs-reference: (.*) differ/.exec(result.stderr)?.[1]?.split(', ') ?? [];
    expect(stale.map((file) => path.basename(file))).toStrictEqual([
      'mutators.md',
      'rules.md',
      'config.md',
    ]);
  });
});
