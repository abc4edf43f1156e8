import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { isConfigError } from '../../src/errors.js';
import { runOptionsOf } from '../../src/engine/run-options.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'run-options-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('runOptionsOf', () => {
  test('should name the command line as what asked for the pool only when --pool was given', async () => {
    const config = await loadConfig({ cwd: root, overrides: { pool: 'vmForks' } });
    const flagged = runOptionsOf(config, { isolate: false, only: [], poolFlag: true });
    const unflagged = runOptionsOf(config, { isolate: false, only: [] });
    expect(flagged.pool).toBe('vmForks');
    expect(flagged.poolAskedBy).toBe('flag');
    // Negative control: without the flag, messages fall back to the config.
    expect(unflagged.poolAskedBy).toBeUndefined();
  });

  test('should refuse --isolate with --pool vmForks, and only that pair', async () => {
    const vmForks = await loadConfig({ cwd: root, overrides: { pool: 'vmForks' } });
    const project = await loadConfig({ cwd: root, overrides: { pool: 'project' } });
    const refused = (): unknown =>
      runOptionsOf(vmForks, { isolate: true, only: [], poolFlag: true });
    expect(refused).toThrow(
      /^--isolate and --pool vmForks ask for two places: --isolate runs every mutant alone in the project's own pool, the reference/,
    );
    expect(isConfigErrorThrown(refused)).toBe(true);
    // Negative controls: the config's vmForks is for the other modes; `--pool project` agrees.
    expect(runOptionsOf(vmForks, { isolate: true, only: [] }).isolate).toBe(true);
    expect(runOptionsOf(project, { isolate: true, only: [], poolFlag: true }).isolate).toBe(true);
    expect(runOptionsOf(vmForks, { isolate: false, only: [], poolFlag: true }).pool).toBe(
      'vmForks',
    );
  });
});

describe('runOptionsOf on --mutant', () => {
  test('should refuse an id that is no mutant id before any run, and take real ones', async () => {
    const config = await loadConfig({ cwd: root });
    for (const id of ['zzzzzzzzzzzz', '', '0123456789AB', '0123456789a']) {
      const run = (): unknown =>
        runOptionsOf(config, { isolate: false, only: ['0123456789ab', id] });
      expect(run).toThrow(
        `--mutant: ${JSON.stringify(id)} is not a mutant id: an id is 12 hex digits, such as 0f3a9c2b41d7. Run \`envelope-mutants list\` to see the ids.`,
      );
    }
    // Negative control: a well-formed id passes (whether the project has it, discovery says).
    expect(runOptionsOf(config, { isolate: false, only: ['0123456789ab'] }).only).toEqual([
      '0123456789ab',
    ]);
  });
});

function isConfigErrorThrown(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    return isConfigError(error);
  }
}
