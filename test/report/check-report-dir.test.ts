import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReporterName } from '../../src/config/config-input.js';
import { checkReportDir } from '../../src/report/check-report-dir.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'check-report-dir-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function config(
  reportDir: string,
  reporters: readonly ReporterName[] = ['json', 'html', 'console'],
): { projectRoot: string; reportDir: string; reporters: readonly ReporterName[] } {
  return { projectRoot: root, reportDir: path.join(root, reportDir), reporters };
}

describe('checkReportDir', () => {
  it('should accept a report directory that does not exist yet, or holds earlier reports', async () => {
    // Arrange
    await mkdir(path.join(root, 'reports'));
    await writeFile(path.join(root, 'reports', 'mutation.json'), '{}');
    // Act / Assert
    await expect(checkReportDir(config('not/yet/there'))).resolves.toBeTypeOf('function');
    await expect(checkReportDir(config('reports'))).resolves.toBeTypeOf('function');
  });

  it('should make the report directory before the run, and refuse one that cannot be made', async () => {
    // Arrange: root may write in /proc, but no folder can be made there.
    const inProc = {
      projectRoot: root,
      reportDir: '/proc/envelope-mutants-nowhere/reports',
      reporters: ['json'] as const,
    };
    // Act / Assert
    await checkReportDir(config('made/now'));
    expect(statSync(path.join(root, 'made', 'now')).isDirectory()).toBe(true);
    await expect(checkReportDir(inProc)).rejects.toThrow(
      'reportDir: "/proc/envelope-mutants-nowhere/reports" cannot be made (ENOENT). Set "reportDir" in the config to a directory you can write to.',
    );
  });

  it('should undo, on request, the folders it made while they are empty', async () => {
    // Arrange
    await mkdir(path.join(root, 'kept'));
    const undoMade = await checkReportDir(config('made/now'));
    const undoLanded = await checkReportDir(config('landed/here'));
    const undoExisting = await checkReportDir(config('kept'));
    await writeFile(path.join(root, 'landed', 'here', 'mutation.json'), '{}');
    // Act
    undoMade();
    undoLanded();
    undoExisting();
    // Assert: a folder that holds a report stays, and so does one the check did not make.
    expect(existsSync(path.join(root, 'made'))).toBe(false);
    expect(existsSync(path.join(root, 'landed', 'here', 'mutation.json'))).toBe(true);
    expect(existsSync(path.join(root, 'kept'))).toBe(true);
  });

  it('should refuse a reportDir that is a file', async () => {
    // Arrange
    await writeFile(path.join(root, 'out'), 'a file');
    // Act / Assert
    await expect(checkReportDir(config('out'))).rejects.toThrow(
      'reportDir: "out" is a file, not a directory. Remove it, or set "reportDir"',
    );
  });

  it('should refuse a reportDir under a file, naming the file', async () => {
    // Arrange
    await writeFile(path.join(root, 'out'), 'a file');
    // Act / Assert
    await expect(checkReportDir(config('out/reports'))).rejects.toThrow(
      `reportDir: "${path.join('out', 'reports')}" cannot be made: "out" is a file, not a directory.`,
    );
  });

  it.each([['mutation.json'], ['mutation.html'], ['incremental.json']])(
    'should refuse a %s that is a directory',
    async (name) => {
      // Arrange
      await mkdir(path.join(root, 'reports', name), { recursive: true });
      // Act / Assert
      await expect(checkReportDir(config('reports'), ['incremental.json'])).rejects.toThrow(
        `reportDir: "${path.join('reports', name)}" is a directory, so the report cannot be written there.`,
      );
    },
  );

  it('should not mind a directory where no reporter writes', async () => {
    // Arrange: only the console reports, and no --incremental.
    await mkdir(path.join(root, 'reports', 'mutation.html'), { recursive: true });
    await writeFile(path.join(root, 'out'), 'a file');
    // Act / Assert
    await expect(checkReportDir(config('reports', ['json', 'console']))).resolves.toBeTypeOf(
      'function',
    );
    await expect(checkReportDir(config('out', ['console']))).resolves.toBeTypeOf('function');
  });

  it('should throw ConfigErrors, which the command line answers with exit 2', async () => {
    // Arrange
    await writeFile(path.join(root, 'out'), 'a file');
    // Act / Assert
    await expect(checkReportDir(config('out'))).rejects.toMatchObject({ name: 'ConfigError' });
  });
});
