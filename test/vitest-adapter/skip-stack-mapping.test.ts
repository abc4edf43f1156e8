import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createVitest, type Vitest } from 'vitest/node';
import { skipStackMapping } from '../../src/vitest-adapter/skip-stack-mapping.js';

type Update = [string, { errors: object[] }][];
interface RunState {
  syncUpdateStacks: (update: Update) => void;
}

const root = mkdtempSync(join(tmpdir(), 'skip-stack-mapping-'));
writeFileSync(join(root, 'vitest.config.mjs'), 'export default {};\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function withVitest(use: (vitest: Vitest) => Promise<void> | void): Promise<void> {
  const vitest = await createVitest('test', { root, watch: false, reporters: [] });
  try {
    await use(vitest);
  } finally {
    await vitest.close();
  }
}

const runStateOf = (vitest: Vitest): RunState =>
  (vitest as unknown as { _testRun: RunState })._testRun;

describe('skipStackMapping', () => {
  test("should leave the errors of vitest's run state an empty stack and their message", async () => {
    await withVitest((vitest) => {
      // Arrange
      const error = {
        message: 'jsonrpc.id: expected 41 to be 43',
        stack: 'Error\n    at x (/a.js:1:1)',
      };
      // Act
      skipStackMapping(vitest);
      runStateOf(vitest).syncUpdateStacks([['unknown-task', { errors: [error] }]]);
      // Assert
      expect(error).toEqual({
        message: 'jsonrpc.id: expected 41 to be 43',
        stack: 'Error\n    at x (/a.js:1:1)',
        stacks: [],
      });
    });
  });

  test('should find the method it replaces in the pinned vitest, which maps every frame', async () => {
    await withVitest((vitest) => {
      // Arrange: the negative control, vitest's own mapping, which looks the task up first.
      const error = { message: 'm', stack: 'Error\n    at x (/a.js:1:1)' };
      // Act
      const mapped = (): void =>
        runStateOf(vitest).syncUpdateStacks([['unknown-task', { errors: [error] }]]);
      // Assert
      expect(typeof runStateOf(vitest).syncUpdateStacks).toBe('function');
      expect(mapped).toThrow();
    });
  });

  test('should leave a vitest without that run state as it is', () => {
    // Arrange
    const vitest = { _testRun: {} } as unknown as Vitest;
    // Act
    skipStackMapping(vitest);
    // Assert
    expect(vitest).toEqual({ _testRun: {} });
  });
});
