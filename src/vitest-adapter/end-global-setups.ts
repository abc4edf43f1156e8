import { ConfigError } from '../errors.js';
import { failureHeadline } from '../engine/failure-headline.js';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { processEnvKeeper } from './process-env-keeper.js';

/** One global setup file as vitest 4.1 keeps it once it ran: its teardown, if it has one. */
interface GlobalSetupFile {
  readonly file?: string;
  readonly teardown?: () => unknown;
}

/**
 * vitest 4.1's `TestProject`, as far as the global setup's restart needs it: the setup files a
 * project's run set up (`undefined` until its first run, or once torn down here), and how to set
 * them up. Both are marked `@internal` in vitest; no public API sets a project's global setup up
 * again outside watch mode.
 */
export interface GlobalSetupHolder {
  readonly config: { readonly globalSetup: string | readonly string[] };
  _globalSetups?: readonly GlobalSetupFile[] | undefined;
  _initializeGlobalSetup?: () => Promise<void>;
  /** The module runner the global setup files are imported with, in the harness's process. */
  readonly runner?: { readonly clearCache?: () => void };
}

/**
 * Sets up the projects' `globalSetup` before a run, as the run itself would, but outside the
 * round's watchdog: a setup that takes its time (a container, a migration) is not a hung round.
 * A setup that throws fails `vitest run` before any test; here it stops the run with its message.
 * Returns what puts `process.env` back as it was before the setups, once they are torn down
 * (`processEnvKeeper`): each run's setups start from the environment the first one met.
 */
export async function startGlobalSetups(
  projects: readonly GlobalSetupHolder[],
): Promise<() => void> {
  const restoreEnv = projects.some(hasGlobalSetup) ? processEnvKeeper() : () => undefined;
  for (const project of projects) {
    if (!hasGlobalSetup(project)) continue;
    if (typeof project._initializeGlobalSetup !== 'function' || !('_globalSetups' in project))
      throw cannotRestart(project);
    try {
      await project._initializeGlobalSetup();
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      // What a setup says may quote a connection string: never print a secret.
      const said = redactSecrets(failureHeadline(message), process.env);
      throw new ConfigError(
        `globalSetup (${filesOf(project)}): its setup failed: ${said}. Fix it; \`npx vitest run\` shows the whole error.`,
      );
    }
  }
  return restoreEnv;
}

/**
 * Tears down what the projects' `globalSetup` files set up, so that the next run of the session
 * sets it up again (`startGlobalSetups`). vitest runs a project's global setup on the first run
 * of a session and tears it down when the session closes; the project's own `vitest run` does
 * both in every run. The harness runs many rounds on one session, so without this a server the
 * global setup started, and everything the earlier rounds left in it or in the file's own module
 * state, would be there for every later round: each mutant's run must start as the reference run
 * does (docs/verdict-contract.md).
 *
 * Each teardown runs, in the reverse order of the setups, as vitest's own close runs them; one
 * that throws is ignored, as `vitest run` ignores it (it logs "error during close" and keeps its
 * exit code), and the others still run: the next setup must not meet a server left running.
 * `vitest run` waits for a teardown however long it takes; so does this, up to `waitMs`, and then
 * refuses the suite rather than hang.
 */
export async function endGlobalSetups(
  projects: readonly GlobalSetupHolder[],
  waitMs: number,
): Promise<void> {
  // vitest tears the projects down in the reverse order it holds them, the root's last of all.
  for (const project of [...projects].reverse()) {
    const setups = project._globalSetups;
    if (setups === undefined || setups.length === 0) continue;
    // Marked torn down first: whatever happens below, no one tears these down a second time.
    project._globalSetups = undefined;
    for (const setup of [...setups].reverse()) await endOne(project, setup, waitMs);
    // The files are imported again, so their module state starts afresh too, as in a new
    // `vitest run`. Not what Node imports itself: the packages they import from node_modules, and
    // the files too under `experimental.viteModuleRunner: false`, stay loaded in this process.
    project.runner?.clearCache?.();
  }
}

async function endOne(project: GlobalSetupHolder, setup: GlobalSetupFile, waitMs: number) {
  const { teardown } = setup;
  if (typeof teardown !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    Promise.resolve()
      .then(teardown)
      .then(
        () => true,
        () => true,
      ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, waitMs);
    }),
  ]);
  clearTimeout(timer);
  if (!ended) {
    const file = setup.file ?? filesOf(project);
    throw new ConfigError(
      `globalSetup (${file}): its teardown did not end within ${Math.round(waitMs / 1000)} s. ` +
        'The harness sets the global setup up again for every run, as `vitest run` does, and ' +
        'waits for each teardown first. Make the teardown end (close what the setup opened).',
    );
  }
}

function hasGlobalSetup(project: GlobalSetupHolder): boolean {
  return [project.config.globalSetup].flat().length > 0;
}

function filesOf(project: GlobalSetupHolder): string {
  return [project.config.globalSetup].flat().join(', ');
}

function cannotRestart(project: GlobalSetupHolder): ConfigError {
  return new ConfigError(
    `globalSetup (${filesOf(project)}): this version of vitest cannot set it up again for each run, and ` +
      'without that every mutant would see what the runs before it left behind. ' +
      'Use vitest 4.1, or run the mutants without the globalSetup.',
  );
}
