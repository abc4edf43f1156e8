import path from 'node:path';
import type { ResolveSnapshotPathHandler } from 'vitest/node';
import { splitInstance } from '../taps/tap-protocol.js';

/**
 * A copy of a test file in an instanced round (`file?envelope-mutant=<tag>`) reads the snapshots
 * of the file itself: vitest derives the snapshot path from the module id, so without this a
 * copy found no snapshot, wrote a new one beside the project's (`file?envelope-mutant=3.snap`)
 * and passed whatever its mutant changed. The project's own resolver, if it has one, still
 * decides where that file is.
 */
export function snapshotPathOfFile(
  own: ResolveSnapshotPathHandler | undefined,
): ResolveSnapshotPathHandler {
  return (testPath, extension, context) => {
    const file = splitInstance(testPath).moduleId;
    return own === undefined
      ? path.join(path.dirname(file), '__snapshots__', `${path.basename(file)}${extension}`)
      : own(file, extension, context);
  };
}
