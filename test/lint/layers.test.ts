import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The planted files exist only as text: no tsconfig project holds them, so the type-aware rules
// (which need one) are off here; the layer rule needs no types.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** The messages of the layer rule for `code` as if it stood at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/**
 * The folders and top-level files of `src/`, and `mutators/`, as eslint.config.js names places
 * (`src/oracle`, `src/index.ts`).
 */
async function placesOfTheTree(): Promise<string[]> {
  const entries = await readdir(`${ROOT}src`, { withFileTypes: true });
  const inSrc = entries
    .filter((entry) => entry.isDirectory() || /\.[cm]?[jt]s$/.test(entry.name))
    .map((entry) => `src/${entry.name}`);
  return [...inSrc, 'mutators'];
}

/**
 * The places no floor of eslint.config.js covers: a file there gets no layer rule, so its imports
 * are never checked. A folder is probed through a file inside it, a top-level file as itself.
 */
async function placesOffTheFloors(places: readonly string[]): Promise<string[]> {
  const off: string[] = [];
  for (const place of places) {
    const probe = /\.[cm]?[jt]s$/.test(place) ? place : `${place}/planted.ts`;
    const config = (await eslint.calculateConfigForFile(`${ROOT}${probe}`)) as {
      readonly rules?: Readonly<Record<string, unknown>>;
    };
    const rule = config.rules?.['no-restricted-imports'];
    const severity: unknown = Array.isArray(rule) ? rule[0] : rule;
    if (severity !== 2 && severity !== 'error') off.push(place);
  }
  return off;
}

describe('the floors of eslint.config.js', () => {
  it('should put every folder and top-level file of src/ on a floor', async () => {
    // Arrange
    const places = await placesOfTheTree();

    // Act
    const off = await placesOffTheFloors(places);

    // Assert
    expect(places).toEqual(expect.arrayContaining(['src/oracle', 'src/index.ts', 'mutators']));
    expect(off).toEqual([]);
  });

  it('should name a folder or file that is on no floor (negative control)', async () => {
    const places = ['src/oracle', 'src/index.ts', 'src/not-on-a-floor', 'src/stray.ts'];

    expect(await placesOffTheFloors(places)).toEqual(['src/not-on-a-floor', 'src/stray.ts']);
  });
});

describe('the import layers', () => {
  it('should fail an import that runs up a floor, from any depth', async () => {
    expect(await layerErrors("import '../engine/shard.js';\n", 'src/oracle/planted.ts')).toEqual([
      expect.stringContaining('src/oracle is on floor 4'),
    ]);
    expect(
      await layerErrors("import '../../report/gate.js';\n", 'src/oracle/rules/planted.ts'),
    ).toHaveLength(1);
    expect(await layerErrors("import '../src/cli/main.js';\n", 'mutators/planted.ts')).toHaveLength(
      1,
    );
  });

  it('should keep the oracle free of I/O and vitest/node outside the adapter', async () => {
    expect(await layerErrors("import 'node:fs';\n", 'src/oracle/planted.ts')).toHaveLength(1);
    expect(await layerErrors("import 'vitest/node';\n", 'src/report/planted.ts')).toHaveLength(1);
    expect(
      await layerErrors("import 'vitest/node';\n", 'src/vitest-adapter/vitest-session.ts'),
    ).toEqual([]);
  });

  it('should keep vitest out of the engine, which the adapter stands on', async () => {
    expect(await layerErrors("import 'vitest/node';\n", 'src/engine/planted.ts')).toEqual([
      expect.stringContaining('only the vitest adapter'),
      expect.stringContaining('src/engine knows nothing of vitest'),
    ]);
    expect(await layerErrors("import { it } from 'vitest';\n", 'src/engine/planted.ts')).toEqual([
      expect.stringContaining('src/engine knows nothing of vitest'),
    ]);
    expect(
      await layerErrors("import '../vitest-adapter/run-mutation.js';\n", 'src/engine/planted.ts'),
    ).toEqual([expect.stringContaining('src/engine is on floor')]);
    // Negative control: the adapter imports the engine and vitest both.
    const adapterCode =
      "import '../engine/run-mutants.js';\nimport { createVitest } from 'vitest/node';\n";
    expect(await layerErrors(adapterCode, 'src/vitest-adapter/planted.ts')).toEqual([]);
  });

  it('should let only the module that loads Ajv on first use import node:module', async () => {
    const lazy = 'src/oracle/output-schema-validator.ts';
    expect(await layerErrors("import 'node:module';\n", lazy)).toEqual([]);
    // Negative controls: the rest of node: stays out of that file, node:module out of the others.
    expect(await layerErrors("import 'node:fs';\n", lazy)).toHaveLength(1);
    expect(await layerErrors("import '../engine/shard.js';\n", lazy)).toHaveLength(1);
    expect(await layerErrors("import 'node:module';\n", 'src/oracle/planted.ts')).toHaveLength(1);
  });

  it('should allow an import that runs down (negative control)', async () => {
    const code = "import '../oracle/check.js';\nimport '../../mutators/index.js';\n";
    expect(await layerErrors(code, 'src/engine/planted.ts')).toEqual([]);
  });
});
