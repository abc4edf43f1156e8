import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
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
});
