import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from './run-cli.js';

const FILES = 10;
const TESTS_PER_FILE = 2;

const GENERATED = fileURLToPath(new URL('../../fixtures/suites/.generated/', import.meta.url));

// Generated, unformatted code must not outlive the test (lint checks the tree).
afterAll(() => rmSync(GENERATED, { recursive: true, force: true }));

/** A 20-test suite in 10 files: every test taps one response, every file one more at module level. */
function generateWideSuite(): string {
  const name = '.generated/wide';
  const dir = fileURLToPath(new URL(`../../fixtures/suites/${name}/`, import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}vitest.config.ts`,
    "import { fixtureConfig } from '../../vitest.fixture-config.js';\n\nexport default fixtureConfig();\n",
  );
  writeFileSync(
    `${dir}envelope-mutants.config.json`,
    JSON.stringify({ mutators: ['change-id', 'corrupt-version', 'drop-both-members'] }),
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
    writeFileSync(`${dir}file-${file}.spec.ts`, source);
  }
  return name;
}

describe('batched rounds', () => {
  test('should need far fewer vitest runs than mutants on a suite of many files', async () => {
    // Arrange
    const name = generateWideSuite();
    // Act
    const { result, mutants, vitestRuns } = await runFixture(name, { timeoutMs: 590_000 });
    // Assert
    expect(result.code, result.stderr).toBe(0);
    expect(mutants.length).toBeGreaterThan(250);
    // Tests check the module-level response's id only: its other mutants survive, the rest die.
    for (const mutant of mutants) {
      const moduleLevelUnchecked =
        mutant.siteKey.endsWith('.spec.ts#0') && mutant.mutatorName !== 'change-id';
      expect(mutant.status, mutant.id).toBe(moduleLevelUnchecked ? 'Survived' : 'Killed');
    }
    // Rounds grow with the most mutants one file hosts (27 here), not with the total (270): one
    // mutant per file per round, plus discovery and the confirmation of vmForks verdicts.
    expect(vitestRuns * 5).toBeLessThanOrEqual(mutants.length);
    process.stdout.write(`batching: ${mutants.length} mutants in ${vitestRuns} vitest runs\n`);
  }, 600_000);
});
