// vitest keeps every file it ran for the life of a session; the harness drops each copy of a
// test file once the run's outcome is read (src/vitest-adapter/forget-copies.ts). Checked on a
// real vitest: its state is keyed as the harness names copies, and a copy forgotten after one run
// runs again in the next.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';

const PROBE = join(repoRoot, 'test', 'fixtures', 'forget-copies', 'probe.mjs');

interface ProbeRun {
  readonly passed: number;
  readonly unhandledErrors: number;
  readonly files: number;
  readonly tasks: number;
}

/** Two runs of a file and two copies of it in one session; `forget`: drop the copies after each. */
async function probe(forget: boolean): Promise<ProbeRun[]> {
  const env = {
    FORGET: forget ? '1' : '0',
    FORGET_COPIES: join(repoRoot, 'dist', 'src', 'vitest-adapter', 'forget-copies.js'),
    COPIES_PLUGIN: join(repoRoot, 'dist', 'src', 'vitest-adapter', 'copies-as-their-file.js'),
    TAP_PROTOCOL: join(repoRoot, 'dist', 'src', 'taps', 'tap-protocol.js'),
  };
  const { exitCode, stdout, stderr } = await runNode(PROBE, [], { env });
  expect(exitCode, stderr).toBe(0);
  return JSON.parse(stdout) as ProbeRun[];
}

describe("a copy in vitest's run state", () => {
  test('should be gone once forgotten, and run again in the next run', async () => {
    const runs = await probe(true);

    // One file of two tests is left: the project's own, with its file task.
    const left = { passed: 3, unhandledErrors: 0, files: 1, tasks: 3 };
    expect(runs).toEqual([left, left]);
  });

  test('should stay for the whole session when not forgotten (negative control)', async () => {
    const runs = await probe(false);

    const kept = { passed: 3, unhandledErrors: 0, files: 3, tasks: 9 };
    expect(runs).toEqual([kept, kept]);
  });
});
