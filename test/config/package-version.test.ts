import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packageVersion } from '../../src/config/package-version.js';

/** A stand-in file system (absolute path → contents) for the package.json reads, when set. */
const disk = vi.hoisted(() => ({ files: undefined as ReadonlyMap<string, string> | undefined }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const { fileURLToPath: toPath } = await import('node:url');
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: never[]) => {
    const file = path instanceof URL ? toPath(path) : String(path);
    if (disk.files === undefined || !file.endsWith('package.json'))
      return fs.readFileSync(path, ...rest);
    const text = disk.files.get(file);
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return text;
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync };
});

const SOURCE_DIR = new URL('../../src/config/', import.meta.url);
/** Run from src/ (or a checkout): the package root is two levels up. */
const TWO_UP = fileURLToPath(new URL('../../package.json', SOURCE_DIR));
/** Run from dist/src/ (the installed package): it is three levels up. */
const THREE_UP = fileURLToPath(new URL('../../../package.json', SOURCE_DIR));

const ours = (version: string): string => JSON.stringify({ name: 'envelope-mutants', version });

afterEach(() => {
  disk.files = undefined;
});

describe('packageVersion', () => {
  it('should give the version in our package.json', async () => {
    const { readFileSync } = await vi.importActual<typeof import('node:fs')>('node:fs');
    const manifest = JSON.parse(readFileSync(TWO_UP, 'utf8')) as { version: string };

    expect(packageVersion()).toBe(manifest.version);
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('should read the package.json two levels up, before the one three levels up', () => {
    disk.files = new Map([
      [TWO_UP, ours('1.2.3')],
      [THREE_UP, ours('9.9.9')],
    ]);

    expect(packageVersion()).toBe('1.2.3');
  });

  it('should read the package.json three levels up when there is none two levels up', () => {
    disk.files = new Map([[THREE_UP, ours('2.0.0-beta.1')]]);

    expect(packageVersion()).toBe('2.0.0-beta.1');
  });

  it("should pass over a package.json that is another package's, unreadable or has no version", () => {
    const others = [
      JSON.stringify({ name: 'my-mcp-server', version: '7.0.0' }),
      JSON.stringify({ name: 'envelope-mutants' }),
      JSON.stringify({ version: '7.0.0' }),
      '{ not json',
    ];

    const versions = others.map((text) => {
      disk.files = new Map([
        [TWO_UP, text],
        [THREE_UP, ours('3.1.4')],
      ]);
      return packageVersion();
    });

    expect(versions).toEqual(['3.1.4', '3.1.4', '3.1.4', '3.1.4']);
  });

  it('should say 0.0.0 when neither place has our package.json', () => {
    disk.files = new Map([[TWO_UP, JSON.stringify({ name: 'my-mcp-server', version: '7.0.0' })]]);

    expect(packageVersion()).toBe('0.0.0');
  });
});
