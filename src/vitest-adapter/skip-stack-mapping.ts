import type { Vitest } from 'vitest/node';

/** vitest 4.1's run state, as far as {@link skipStackMapping} needs it. */
interface TestRunState {
  syncUpdateStacks?: (
    update: readonly (readonly [string, { errors?: unknown[] } | undefined])[],
  ) => void;
}

/**
 * vitest maps the stack of every test error to its sources in the process that runs it, the
 * harness: for each frame in a file vite did not transform (chai, vitest itself, the MCP SDK, this
 * library's build) it reads the file and decodes its source map again, with no cache. On
 * examples/mcp-client, whose 213 mutants are all killed, that was a third of the harness's CPU,
 * and without it a whole run took 0.87× the CPU and 0.82× the wall time (docs/performance.md).
 * The harness reads only an error's message (`readRoundOutcome`) and its sessions print nothing,
 * so its errors keep the empty `stacks` vitest gives an error without frames: no verdict depends
 * on them. A vitest whose run state has another shape is left as it is (slower, not wrong).
 */
export function skipStackMapping(vitest: Vitest): void {
  const run = (vitest as unknown as { _testRun?: TestRunState })._testRun;
  if (typeof run?.syncUpdateStacks !== 'function') return;
  run.syncUpdateStacks = (update) => {
    for (const [, result] of update) {
      for (const error of result?.errors ?? []) {
        if (typeof error === 'object' && error !== null) Object.assign(error, { stacks: [] });
      }
    }
  };
}
