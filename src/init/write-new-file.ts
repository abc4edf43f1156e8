import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { nearestExisting } from '../secrets/nearest-existing.js';
import { statOrNothing } from '../secrets/stat-or-nothing.js';

/** Options of {@link assertWritable}. */
export interface WriteNewFileOptions {
  readonly force: boolean;
}

/**
 * Refuses to replace any existing file unless `force`: a user's config or suite is never lost to
 * a second `init`. Checked for every file before the first is written.
 */
export function assertWritable(
  files: readonly string[],
  root: string,
  options: WriteNewFileOptions,
): void {
  const shown = (file: string): string => path.relative(root, file) || file;
  // Not even --force writes a file where a folder is, or below a file.
  for (const file of files) {
    if (statOrNothing(file)?.isDirectory() === true)
      throw new ConfigError(`init: ${shown(file)} is a directory. Name a file there instead.`);
    const blocker = nearestExisting(path.dirname(file));
    if (!blocker.stats.isDirectory())
      throw new ConfigError(
        `init: ${shown(file)} cannot be written: ${shown(blocker.path)} is a file, not a directory.`,
      );
  }
  if (options.force) return;
  const existing = files.filter((file) => existsSync(file));
  if (existing.length > 0) {
    const list = existing.map(shown).join(', ');
    throw new ConfigError(
      `init: ${list} already exist${existing.length === 1 ? 's' : ''}. Pass --force to overwrite, or remove ${existing.length === 1 ? 'it' : 'them'} first.`,
    );
  }
}

/** Writes `text` to `file`, creating its directory. */
export function writeTextFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
