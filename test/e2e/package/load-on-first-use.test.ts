// Every test file that imports `envelope-mutants` evaluates the barrel's module graph, and each
// mutant's copy does so in a fresh VM context: what the barrel loads up front, every copy pays
// for. Ajv is loaded only when a check first meets an `outputSchema`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';
import { tempCopy } from '../../support/temp-copy.js';

const PROBE = join(repoRoot, 'test', 'fixtures', 'load-on-first-use', 'ajv-probe.mjs');

// The barrel as the package exports it to test files: the worker bundle (scripts/bundle-worker.js).
const BARREL = pathToFileURL(join(repoRoot, 'dist', 'worker', 'index.js')).href;

/** What the probe saw after importing the bundled barrel, and `alsoImport` if given. */
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

describe('Ajv in a vmForks worker', () => {
  const project = tempCopy(['test/fixtures/load-on-first-use/vm-pool']);
  afterAll(() => project.remove());

  /** Which module system held Ajv's core after the fixture's check; the output if it failed. */
  async function ajvRealm(env: Record<string, string> = {}): Promise<unknown> {
    const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const { exitCode, stdout, stderr } = await runNode(vitest, ['run'], { cwd: project.root, env });
    const line = /AJV-REALM (\{.*\})/.exec(stdout);
    return exitCode === 0 && line?.[1] !== undefined
      ? (JSON.parse(line[1]) as unknown)
      : { exitCode, stdout, stderr };
  }

  test("should load once in the worker's own require, not in each test file's VM context", async () => {
    expect(await ajvRealm()).toEqual({ worker: true, vmContext: false });
  });

  test("should see Ajv in the context when it is required through the context's node:module (negative control)", async () => {
    expect(await ajvRealm({ AJV_IN_CONTEXT: '1' })).toMatchObject({ vmContext: true });
  });
});
