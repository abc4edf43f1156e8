import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectTestGlobs } from '../../src/vitest-adapter/project-test-globs.js';

const DEFAULT = 'test/envelope-mutants.contract.test.ts';
const SPEC = 'spec/envelope-mutants.contract.spec.ts';
let root = '';

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A project whose vitest config is `config` (no import, so no install needed). */
function project(config: string): string {
  root = mkdtempSync(path.join(tmpdir(), 'em-test-globs-'));
  writeFileSync(path.join(root, 'vitest.config.mjs'), config);
  return root;
}

describe('projectTestGlobs', () => {
  it("should say which candidates the config's include runs, as vitest matches them", async () => {
    const dir = project("export default { test: { include: ['spec/**/*.spec.ts'] } };\n");

    const globs = await projectTestGlobs(dir, () => [DEFAULT, SPEC]);

    expect(globs?.include).toEqual(['spec/**/*.spec.ts']);
    expect([...(globs?.taken ?? [])]).toEqual([SPEC]);
  });

  it("should take vitest's default include where the config sets none", async () => {
    const dir = project('export default {};\n');

    const globs = await projectTestGlobs(dir, () => [DEFAULT, SPEC, 'src/contract.ts']);

    expect([...(globs?.taken ?? [])]).toEqual([DEFAULT, SPEC]);
  });

  it("should give a project's globs in its own folder", async () => {
    const dir = project(
      // An absolute root: vitest resolves a relative one against the working directory.
      "const root = new URL('./packages/a', import.meta.url).pathname;\n" +
        "export default { test: { projects: [{ test: { name: 'a', root, include: ['spec/*.spec.ts'] } }] } };\n",
    );

    const globs = await projectTestGlobs(dir, () => [
      'packages/a/spec/x.spec.ts',
      'spec/x.spec.ts',
    ]);

    expect(globs?.include).toEqual(['packages/a/spec/*.spec.ts']);
    expect([...(globs?.taken ?? [])]).toEqual(['packages/a/spec/x.spec.ts']);
  });

  it("should leave this process's environment as it was, which vite changes as it loads a config", async () => {
    const dir = project('export default {};\n');
    writeFileSync(path.join(dir, '.env'), 'VITE_API_KEY=abc\n');
    const before = { ...process.env };

    await projectTestGlobs(dir, () => [DEFAULT]);

    // Until 2026-12-07 init then started the user's server with NODE_ENV=development and more.
    expect({ ...process.env }).toEqual(before);
  });

  it('should answer nothing for a config vitest cannot start on', async () => {
    const dir = project("throw new Error('broken config');\n");

    expect(await projectTestGlobs(dir, () => [DEFAULT])).toBeUndefined();
  });
});
