import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/config/config-error.js';
import { detectProject } from '../../src/init/detect-project.js';
import { assertWritable } from '../../src/init/write-new-file.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-init-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function _thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
}

const _manifest = (deps: Record<string, Record<string, string>>): void =>
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'p', ...deps }));

describe('detectProject', () => {
  it('should find the MCP SDK among any kind of dependency', () => {
    _manifest({
      devDependencies: { vitest: '^4.1.0' },
      dependencies: { '@modelcontextprotocol/sdk': '^1.32.0' },
    });

    expect(detectProject(root)).toEqual({ root, usesMcpSdk: true });
  });

  it('should report a project without the SDK', () => {
    _manifest({ devDependencies: { vitest: '^4.1.0' } });

    expect(detectProject(root).usesMcpSdk).toBe(false);
  });

  it('should refuse a project without vitest with a ConfigError', () => {
    _manifest({ devDependencies: { jest: '^30.0.0' } });

    const error = _thrown(() => detectProject(root));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('lists no vitest dependency');
  });

  it('should refuse a directory without package.json with a ConfigError', () => {
    const error = _thrown(() => detectProject(root));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('package.json not found');
  });
});

describe('assertWritable', () => {
  it('should refuse to overwrite an existing file without force, naming it', () => {
    const file = path.join(root, 'envelope-mutants.config.json');
    writeFileSync(file, '{}');

    const error = _thrown(() => assertWritable([file], root, { force: false }));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('envelope-mutants.config.json already exists. Pass --force');
  });

  it('should allow it with force, and allow new files without', () => {
    const file = path.join(root, 'envelope-mutants.config.json');
    writeFileSync(file, '{}');

    expect(_thrown(() => assertWritable([file], root, { force: true }))).toBeUndefined();
    expect(_thrown(() => assertWritable([`${file}.new`], root, { force: false }))).toBeUndefined();
  });
});
