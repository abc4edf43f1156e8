import type { ProjectPool } from './test-session.js';

/**
 * Whether the project's own pool runs every test file with a module graph and globals of its own
 * (`forks` or `threads` with `isolate: true`, one vitest project, vitest's own runner): there a
 * copy of a file, tracked or mutated, runs as that file alone would, whatever runs beside it.
 * A vm pool on one worker hands every file of a run to one VM context, and `isolate: false`
 * shares a worker's modules between files, so copies there could see each other; so could any two
 * through what a `globalSetup` started.
 */
export function isolatesEveryFile(own: ProjectPool): boolean {
  return (
    (own.pool === 'forks' || own.pool === 'threads') &&
    own.isolate &&
    own.projects <= 1 &&
    !own.customPool &&
    !own.browserOrTypecheck &&
    !own.globalSetup
  );
}
