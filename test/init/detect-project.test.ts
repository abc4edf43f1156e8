import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { detectProject } from '../../src/init/detect-project.js';
import { assertWritable, writeTextFile } from '../../src/init/write-new-file.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-init-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
}

const manifest = (deps: Record<string, Record<string, string>>): void =>
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'p', ...deps }));

describe('detectProject', () => {
  it('should find the MCP SDK among any kind of dependency', () => {
    manifest({
      devDependencies: { vitest: '^4.1.0' },
      dependencies: { '@modelcontextprotocol/sdk': '^1.32.0' },
    });

    expect(detectProject(root)).toEqual({ root, usesMcpSdk: true });
  });

  it('should report a project without the SDK', () => {
    manifest({ devDependencies: { vitest: '^4.1.0' } });

    expect(detectProject(root).usesMcpSdk).toBe(false);
  });

  it('should take vitest installed above a package of a workspace, and refuse it where none is', () => {
    // Arrange: a workspace root that lists vitest and installed it; a package that lists nothing.
    const workspace = path.join(root, 'packages', 'server');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(path.join(workspace, 'package.json'), JSON.stringify({ name: 'server' }));
    const refused = thrown(() => detectProject(workspace));
    mkdirSync(path.join(root, 'node_modules', 'vitest'), { recursive: true });
    writeFileSync(
      path.join(root, 'node_modules', 'vitest', 'package.json'),
      JSON.stringify({ name: 'vitest', version: '4.1.12' }),
    );
    // Act / Assert: refused before the install (negative control), taken after it.
    expect(String(refused)).toContain('lists no vitest dependency');
    expect(detectProject(workspace)).toEqual({ root: workspace, usesMcpSdk: false });
  });

  it('should refuse a project without vitest with a ConfigError', () => {
    manifest({ devDependencies: { jest: '^30.0.0' } });

    const error = thrown(() => detectProject(root));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('lists no vitest dependency');
  });

  it('should refuse a directory without package.json with a ConfigError', () => {
    const error = thrown(() => detectProject(root));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain(
      'package.json does not exist. Run init in the root of a vitest project, or pass --root <dir>.',
    );
  });
});

describe('detectProject messages', () => {
  const file = (): string => path.join(root, 'package.json');

  it('should say package.json is not valid JSON, and where the mistake is', () => {
    writeFileSync(file(), '{ "name": ');

    const error = thrown(() => detectProject(root));

    expect((error as Error).message).toBe(
      `init: ${file()} is not valid JSON (line 1, column 11). Fix it, then run init again.`,
    );
  });

  it('should say that a --root that does not exist does not exist', () => {
    const missing = path.join(root, 'nope');

    const error = thrown(() => detectProject(missing));

    expect((error as Error).message).toBe(
      `init: --root ${missing} does not exist. Pass the directory of a vitest project.`,
    );
  });

  it('should say that a package.json which is a folder is a folder, not bad JSON', () => {
    mkdirSync(file());

    const error = thrown(() => detectProject(root));

    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `init: ${file()} is a folder, not a file. A project's package.json is its npm manifest: move the folder away and run \`npm init -y\`.`,
    );
  });

  it('should say how to add vitest to a manifest that is not an object or lists it nowhere', () => {
    for (const manifest of ['null', '[]', '{"devDependencies":null,"dependencies":"vitest"}']) {
      writeFileSync(file(), manifest);

      const error = thrown(() => detectProject(root));

      expect((error as Error).message, manifest).toBe(
        `init: ${file()} lists no vitest dependency. envelope-mutants mutates what a vitest suite observes: run \`npm i -D vitest\` and write a first test, then init.`,
      );
    }
  });

  it.each(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])(
    'should find vitest and the SDK in %s',
    (field) => {
      manifest({ [field]: { vitest: '*', '@modelcontextprotocol/sdk': '*' } });

      expect(detectProject(root)).toEqual({ root, usesMcpSdk: true });
    },
  );
});

describe('assertWritable', () => {
  it('should refuse to overwrite an existing file without force, naming it', () => {
    const file = path.join(root, 'envelope-mutants.config.json');
    writeFileSync(file, '{}');

    const error = thrown(() => assertWritable([file], root, { force: false }));

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('envelope-mutants.config.json already exists. Pass --force');
  });

  it('should allow it with force, and allow new files without', () => {
    const file = path.join(root, 'envelope-mutants.config.json');
    writeFileSync(file, '{}');

    expect(thrown(() => assertWritable([file], root, { force: true }))).toBeUndefined();
    expect(thrown(() => assertWritable([`${file}.new`], root, { force: false }))).toBeUndefined();
  });

  it('should name every existing file at once, relative to the root', () => {
    const files = ['a.json', path.join('test', 'b.test.ts')].map((name) => path.join(root, name));
    mkdirSync(path.join(root, 'test'));
    for (const file of files) writeFileSync(file, '');

    const error = thrown(() => assertWritable(files, root, { force: false }));

    expect((error as Error).message).toBe(
      `init: a.json, ${path.join('test', 'b.test.ts')} already exist. Pass --force to overwrite, or remove them first.`,
    );
  });

  it('should name the root itself by its path rather than an empty one', () => {
    const error = thrown(() => assertWritable([root], root, { force: false }));

    expect((error as Error).message).toBe(
      `init: ${root} is a directory. Name a file there instead.`,
    );
  });

  it('should refuse, even with force, a folder where a file goes and a file where a folder goes', () => {
    // Before, the config was written first, then writing the suite failed with a stack (exit 3):
    // --force had replaced the project's config, and no suite was written.
    mkdirSync(path.join(root, 'test'));
    writeFileSync(path.join(root, 'afile'), '');
    const config = path.join(root, 'envelope-mutants.config.json');

    const onFolder = thrown(() =>
      assertWritable([config, path.join(root, 'test')], root, { force: true }),
    );
    const underFile = thrown(() =>
      assertWritable([config, path.join(root, 'afile', 'x', 'a.test.ts')], root, { force: true }),
    );

    expect(isConfigError(onFolder)).toBe(true);
    expect((onFolder as Error).message).toBe(
      'init: test is a directory. Name a file there instead.',
    );
    expect((underFile as Error).message).toBe(
      `init: ${path.join('afile', 'x', 'a.test.ts')} cannot be written: afile is a file, not a directory.`,
    );
  });
});

describe('writeTextFile', () => {
  it('should create the missing directories and write the text', () => {
    const file = path.join(root, 'test', 'deep', 'suite.test.ts');

    writeTextFile(file, 'text\n');

    expect(readFileSync(file, 'utf8')).toBe('text\n');
  });
});
