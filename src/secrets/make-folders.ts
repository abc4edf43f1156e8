import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { nearestExisting } from './nearest-existing.js';

/**
 * Makes `folder` and the missing folders above it, one at a time from the nearest one that
 * exists. Not `mkdir(…, { recursive: true })`: on Node 20 it never returns where a parent cannot
 * hold folders (`/proc/x` spins at full CPU), which cost a whole run before its report was
 * written. Each failure is the system's own (ENOTDIR, EACCES, ENOENT, ENAMETOOLONG). Returns the
 * folders it made, outermost first.
 */
export function makeFolders(folder: string): string[] {
  const target = path.resolve(folder);
  const existing = nearestExisting(target);
  if (!existing.stats.isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${target}'`), {
      code: 'ENOTDIR',
    });
  }
  const missing = path.relative(existing.path, target).split(path.sep).filter(Boolean);
  const made: string[] = [];
  let at = existing.path;
  for (const name of missing) {
    at = path.join(at, name);
    try {
      mkdirSync(at);
      made.push(at);
    } catch (error) {
      // Made meanwhile by another writer (two shards writing one folder): what was asked for.
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
  return made;
}
