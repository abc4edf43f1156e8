import { statSync, type Stats } from 'node:fs';
import { statOrNothing } from './stat-or-nothing.js';
import path from 'node:path';

/**
 * `target` itself or its nearest ancestor that exists, with what it is: where an artifact's
 * folders would be made. A file there means the artifact cannot be written (ENOTDIR), which the
 * commands say before they start rather than after a run.
 */
export function nearestExisting(target: string): { readonly path: string; readonly stats: Stats } {
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    const stats = statOrNothing(current);
    if (stats !== undefined) return { path: current, stats };
    // The root exists but may not be stat-able (a sandbox); stop rather than loop on it.
    if (path.dirname(current) === current) return { path: current, stats: statSync(current) };
  }
}
