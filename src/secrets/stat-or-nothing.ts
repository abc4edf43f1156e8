import { statSync, type Stats } from 'node:fs';

/**
 * What is at `file`, or `undefined` where nothing can be: missing (ENOENT), below a file
 * (ENOTDIR), a name too long, a NUL byte. `statSync`'s `throwIfNoEntry: false` answers only the
 * first; the others would escape a path check as internal errors.
 */
export function statOrNothing(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
