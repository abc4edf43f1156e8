import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in file system (absolute path → contents) for the schema reads, when set. */
const disk = vi.hoisted(() => ({
  files: undefined as ReadonlyMap<string, string> | undefined,
  reads: 0,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const { fileURLToPath: toPath } = await import('node:url');
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: never[]) => {
    const file = path instanceof URL ? toPath(path) : String(path);
    if (!file.endsWith('.schema.json')) return fs.readFileSync(path, ...rest);
    disk.reads++;
    if (disk.files === undefined) return fs.readFileSync(path, ...rest);
    const text = disk.files.get(file);
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return text;
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync };
});

const SOURCE_DIR = new URL('../../src/config/', import.meta.url);
const NAME = 'envelope-mutants.config.schema.json';
/** Run from src/ (or a checkout): the schema folder is two levels up. */
const TWO_UP = fileURLToPath(new URL(`../../schema/${NAME}`, SOURCE_DIR));
/** Run from dist/src/ (the installed package): it is three levels up. */
const THREE_UP = fileURLToPath(new URL(`../../../schema/${NAME}`, SOURCE_DIR));

/** A fresh copy of the module, with an empty cache. */
async function freshConfigSchema(): Promise<
  typeof import('../../src/config/config-schema.js').configSchema
> {
  vi.resetModules();
  return (await import('../../src/config/config-schema.js')).configSchema;
}

beforeEach(() => {
  disk.reads = 0;
});

afterEach(() => {
  disk.files = undefined;
});

describe('configSchema', () => {
  it('should read the schema file once and give the same object after', async () => {
    // Arrange
    const configSchema = await freshConfigSchema();

    // Act
    const first = configSchema();
    const second = configSchema();

    // Assert
    expect(second).toBe(first);
    expect(disk.reads).toBe(1);
  });

  it('should read the schema two levels up, before the one three levels up', async () => {
    disk.files = new Map([
      [TWO_UP, '{"title": "two up"}'],
      [THREE_UP, '{"title": "three up"}'],
    ]);
    const configSchema = await freshConfigSchema();

    expect(configSchema()).toEqual({ title: 'two up' });
  });

  it('should read the schema three levels up when there is none two levels up', async () => {
    disk.files = new Map([[THREE_UP, '{"title": "three up"}']]);
    const configSchema = await freshConfigSchema();

    expect(configSchema()).toEqual({ title: 'three up' });
  });

  it('should say the schema is missing from the package when neither place has it', async () => {
    disk.files = new Map();
    const configSchema = await freshConfigSchema();

    expect(() => configSchema()).toThrow(
      'envelope-mutants: schema/envelope-mutants.config.schema.json is missing from the package',
    );
  });
});
