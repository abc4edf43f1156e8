import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the layer rule for `code` as if it stood at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the import layers', () => {
  it('should fail an import that runs up a floor, from any depth', async () => {
    expect(await layerErrors("import '../runner/shard.js';\n", 'src/oracle/planted.ts')).toEqual([
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
    expect(await layerErrors("import 'vitest/node';\n", 'src/runner/vitest-session.ts')).toEqual(
      [],
    );
  });

  it('should allow an import that runs down (negative control)', async () => {
    const code = "import '../oracle/check.js';\nimport '../../mutators/index.js';\n";
    expect(await layerErrors(code, 'src/runner/planted.ts')).toEqual([]);
  });
});
