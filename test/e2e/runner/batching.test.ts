import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from '../../support/run-fixture.js';
import { tempCopy } from '../../support/temp-copy.js';

const FILES = 10;
const TESTS_PER_FILE = 1;

// The suite is generated beside a temporary copy of the vitest config the fixture suites share.
const copy = tempCopy(['test/fixtures/suites/vitest.fixture-config.ts']);
afterAll(() => copy.remove());

/** A 10-test suite in 10 files: every test taps one response, every file one more at module level. */
function generateWideSuite(): string {
  const dir = join(copy.dir, 'test', 'fixtures', 'suites', 'wide');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    "import { fixtureConfig } from '../vitest.fixture-config.js';\n\nexport default fixtureConfig();\n",
  );
  writeFileSync(
    join(dir, 'envelope-mutants.config.json'),
    // In vmForks, instanced: the claim is how few vitest runs the rounds take; in `auto` the
    // confirmations in the project's pool would add runs of their own.
    JSON.stringify({
      mutators: ['change-id', 'corrupt-version', 'drop-both-members'],
      pool: 'vmForks',
    }),
  );
  for (let file = 0; file < FILES; file++) {
    const tests = Array.from({ length: TESTS_PER_FILE }, (_, index) => {
      const id = file * 100 + index + 1;
      return `
test('should answer request ${id}', () => {
  const res = tapMessage({ jsonrpc: '2.0', id: ${id}, result: { n: ${id} } }, { requestId: ${id} });
  expect(res.jsonrpc, 'jsonrpc.version').toBe('2.0');
  expect(res.id, 'jsonrpc.id').toBe(${id});
  expect(res.result, 'jsonrpc.members').toBeDefined();
  expect(shared.id, 'jsonrpc.id').toBe(0);
});`;
    });
    const source = `import { expect, test } from 'vitest';
import { tapMessage } from 'envelope-mutants';

const shared = tapMessage({ jsonrpc: '2.0', id: 0, result: {} });
${tests.join('\n')}
`;
    writeFileSync(join(dir, `file-${file}.spec.ts`), source);
  }
  return dir;
}

describe('batched rounds', () => {
  test('should need far fewer vitest runs than mutants on a suite of many files', async () => {
    // Arrange
    const root = generateWideSuite();
    // Act
    const { result, mutants, vitestRuns } = await runFixture(root, { timeoutMs: 590_000 });
    // Assert
    expect(result.exitCode, result.stderr).toBe(0);
    expect(mutants.length).toBeGreaterThan(150);
    // Tests check the module-level response's id only: its other mutants survive, the rest die.
    for (const mutant of mutants) {
      const moduleLevelUnchecked =
        mutant.siteKey.endsWith('.spec.ts#0') && mutant.mutatorName !== 'change-id';
      expect(mutant.status, mutant.id).toBe(moduleLevelUnchecked ? 'Survived' : 'Killed');
    }
    // A copy of its files per mutant, 128 to a run: discovery, an unmutated copy of each file
    // (does it pass alone, as its mutants' copies will run?), the screen and the tracked copies
    // of the unobserved-mutant proof, and two rounds; not 160 runs, and not the 16 rounds of one
    // mutant per file per round either.
    expect(vitestRuns).toBeLessThanOrEqual(6);
    process.stdout.write(`batching: ${mutants.length} mutants in ${vitestRuns} vitest runs\n`);
  }, 600_000);
});
