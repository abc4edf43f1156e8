import { ConfigError } from '../errors.js';

/**
 * vitest 4.1's `TestProject`, as far as {@link endGlobalSetups} needs it: the setups a project's
 * `globalSetup` files ran (`undefined` until its first run) and their teardown. Both are marked
 * `@internal` in vitest; no public API starts a project's global setup again outside watch mode.
 */
export interface GlobalSetupHolder {
  readonly config: { readonly globalSetup: string | readonly string[] };
  _globalSetups?: readonly unknown[] | undefined;
  _teardownGlobalSetup?: () => Promise<void>;
  /** The module runner the global setup files were imported with, in the harness's process. */
  readonly runner?: { readonly clearCache?: () => void };
}

/**
 * Tears down what the projects' `globalSetup` files set up, so that the next run of the session
 * sets it up again. vitest runs a project's global setup on the first run of a session and tears
 * it down when the session closes; the project's own `vitest run` does both in every run. The
 * harness runs many rounds on one session, so without this a server the global setup started,
 * and everything the earlier rounds left in it or in the file's own module state, would be there
 * for every later round: each mutant's run must start as the reference run does
 * (docs/verdict-contract.md).
 *
 * A teardown that throws is ignored, as `vitest run` ignores it (it logs "error during close" and
 * keeps its exit code). Resolves `false` when a teardown did not end within `timeoutMs` (vitest's
 * `teardownTimeout`): the caller then replaces the session.
 */
export async function endGlobalSetups(
  projects: readonly GlobalSetupHolder[],
  timeoutMs: number,
): Promise<boolean> {
  for (const project of projects) {
    if (project._globalSetups === undefined || project._globalSetups.length === 0) continue;
    const teardown = project._teardownGlobalSetup;
    if (typeof teardown !== 'function') throw cannotRestart(project);
    const ended = await Promise.race([
      teardown.call(project).then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        setTimeout(() => {
          resolve(false);
        }, timeoutMs).unref();
      }),
    ]);
    if (!ended) return false;
    project._globalSetups = undefined;
    // The files are imported again, so their module-level state starts afresh too, as in a new
    // `vitest run` (the packages they import from node_modules are Node's, and stay loaded).
    project.runner?.clearCache?.();
  }
  return true;
}

function cannotRestart(project: GlobalSetupHolder): ConfigError {
  const files = [project.config.globalSetup].flat().join(', ');
  return new ConfigError(
    `globalSetup (${files}): this version of vitest cannot set it up again for each run, and ` +
      'without that every mutant would see what the runs before it left behind. ' +
      'Use vitest 4.1, or run the mutants without the globalSetup.',
  );
}
