// Every test file that imports `envelope-mutants` evaluates the barrel's module graph, and each
// mutant's copy does so in a fresh VM context: what the barrel loads up front, every copy pays
// for. Ajv is loaded only when a check first meets an `outputSchema`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';

const PROBE = join(repoRoot, 'test', 'fixtures', 'load-on-first-use', 'ajv-probe.mjs');

const BARREL = pathToFileURL(join(repoRoot, 'dist', 'src', 'index.js')).href;

/** What the probe saw after importing the built barrel, and `alsoImport` if given. */
async function probe(alsoImport = ''): Promise<unknown> {
  const env = { BARREL, ALSO_IMPORT: alsoImport };
  const { exitCode, stdout, stderr } = await runNode(PROBE, [], { env });
  return exitCode === 0 ? (JSON.parse(stdout) as unknown) : { exitCode, stderr };
}

describe("the barrel's module graph", () => {
  test('should load Ajv only when a check first meets an outputSchema', async () => {
    expect(await probe()).toEqual({
      afterImport: false,
      afterPlainCheck: false,
      afterSchemaCheck: true,
      rules: ['mcp.structured-content'],
    });
  });

  test('should see Ajv loaded up front by an import of it (negative control)', async () => {
    // What the barrel did when it imported Ajv statically.
    expect(await probe('ajv/dist/2020.js')).toMatchObject({ afterImport: true });
  });
});
