// Which files the project's vitest config runs as tests, asked before init writes its suite.
import path from 'node:path';
import { closeQuietly } from './close-quietly.js';
import { dropVitestSignalHandlers } from './drop-vitest-signal-handlers.js';
import { processEnvKeeper } from './process-env-keeper.js';
import { configLoadLogger } from './vitest-config-error.js';

/** The test globs of a project's vitest config, and which of some files they take. */
export interface ProjectTestGlobs {
  /**
   * The `include` globs of every project of the config, as vitest resolved them, relative to the
   * root (a project of `test.projects` in `packages/a` matches its globs in its own folder).
   */
  readonly include: readonly string[];
  /** The files asked about that vitest runs as test files (paths relative to the root). */
  readonly taken: ReadonlySet<string>;
}

/**
 * The test globs of the vitest config in `root`, as `npx vitest run` there resolves them, and
 * which of the files `candidatesOf` names from them (relative to `root`) vitest would run as test
 * files: vitest's own `matchesTestGlob` (include, exclude; a file that does not exist yet is no
 * in-source test). `undefined` where vitest cannot start on the config, or is not installed: init
 * still writes its suite, and `npx vitest run`, its next step, shows that error.
 */
export async function projectTestGlobs(
  root: string,
  candidatesOf: (include: readonly string[]) => readonly string[],
): Promise<ProjectTestGlobs | undefined> {
  const dropSignalHandlers = dropVitestSignalHandlers();
  // vite sets NODE_ENV, MODE, DEV and the `.env` files' VITE_* variables as it loads the config:
  // init then starts the user's server with this process's environment, as it is without them.
  const restoreEnv = processEnvKeeper();
  try {
    // In the try: a project that has not installed vitest yet still gets its suite.
    const { createVitest } = await import('vitest/node');
    const creating = createVitest(
      'test',
      {
        // As a session does: in the project's folder a `root` in its config counts.
        ...(path.resolve(root) === process.cwd() ? {} : { root }),
        watch: false,
        reporters: [],
      },
      { customLogger: configLoadLogger() },
    );
    dropSignalHandlers();
    const vitest = await creating;
    try {
      const { projects } = vitest;
      const include = [...new Set(projects.flatMap((project) => includeOf(project, root)))];
      const taken = candidatesOf(include).filter((file) =>
        projects.some((project) => project.matchesTestGlob(path.resolve(root, file), () => '')),
      );
      return { include, taken: new Set(taken) };
    } finally {
      await closeQuietly(vitest);
    }
  } catch {
    return undefined;
  } finally {
    restoreEnv();
    // Any added later, as a failed start closes vitest.
    dropSignalHandlers();
  }
}

/** A project's `include`, each glob relative to `root`; none of a project outside it. */
function includeOf(project: IncludeHolder, root: string): string[] {
  // vitest matches a project's globs in its `dir`, else its root.
  const { dir, root: projectRoot, include } = project.config;
  const folder = path.relative(root, dir !== undefined && dir !== '' ? dir : projectRoot);
  if (folder.startsWith('..') || path.isAbsolute(folder)) return [];
  const prefix = folder === '' ? '' : `${folder.split(path.sep).join('/')}/`;
  return include.map((glob) =>
    glob.startsWith('!') ? `!${prefix}${glob.slice(1)}` : prefix + glob.replace(/^\.\//, ''),
  );
}

/** The parts of a vitest project {@link includeOf} reads. */
interface IncludeHolder {
  readonly config: {
    readonly include: readonly string[];
    readonly dir?: string;
    readonly root: string;
  };
}
