// src/oracle/generated/ holds Ajv's standalone code for the JSON Schema meta-schemas, written by
// scripts/meta-schema-validators.js and committed. This test fails when a committed file differs
// from what the installed ajv generates: run `npm run generate:meta-schemas`.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const script = path.join(repo, 'scripts', 'meta-schema-validators.js');
const committed = path.join(repo, 'src', 'oracle', 'generated');
const copies: string[] = [];

/** `node scripts/meta-schema-validators.js --check --dir dir`: compares, writes nothing. */
async function check(dir: string): Promise<{ exitCode: number; stderr: string }> {
  try {
    await promisify(execFile)(process.execPath, [script, '--check', '--dir', dir], { cwd: repo });
    return { exitCode: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { exitCode: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('generated meta-schema validators', () => {
  it('should be what the installed ajv generates', async () => {
    // Act
    const result = await check(committed);

    // Assert
    expect(result).toEqual({ exitCode: 0, stderr: '' });
  });

  it('should name a committed file that was edited by hand', async () => {
    // Arrange
    const dir = mkdtempSync(path.join(os.tmpdir(), 'meta-schema-validators-'));
    copies.push(dir);
    cpSync(committed, dir, { recursive: true });
    const file = path.join(dir, 'validate-draft07-schema.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"minimum":0', '"minimum":1'));

    // Act
    const result = await check(dir);

    // Assert
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('validate-draft07-schema.ts differ');
    expect(result.stderr).not.toContain('validate-draft2020-schema.ts');
  });
});
