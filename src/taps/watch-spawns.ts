// Notes every child process a test file starts, so the runner can end the ones a suite leaves
// running after its vitest run (a server started by a test and never stopped).
import { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { SpawnedProcess } from './tap-protocol.js';

const WATCHED = Symbol.for('envelope-mutants.watch-spawns');

interface SpawningPrototype {
  spawn: (this: ChildProcess, ...args: unknown[]) => unknown;
  [WATCHED]?: true;
}

/**
 * Wraps `ChildProcess.prototype.spawn`, through which `spawn`, `exec`, `execFile` and `fork`
 * all start their process, once per realm; each start is handed to `onSpawn`. Where
 * `/proc/<pid>/stat` cannot be read (not Linux) nothing is noted: without a start time a pid
 * could be reused by an unrelated process by the time the runner acts on it.
 */
export function watchSpawns(onSpawn: (spawned: SpawnedProcess) => void): void {
  // `spawn` is internal to Node (not in its types): every child_process function calls it.
  const prototype = ChildProcess.prototype as unknown as SpawningPrototype;
  if (prototype[WATCHED] === true) return;
  prototype[WATCHED] = true;
  const spawn = prototype.spawn;
  prototype.spawn = function (this: ChildProcess, ...args: unknown[]) {
    const result = spawn.apply(this, args);
    const pid = this.pid;
    const start = pid === undefined ? undefined : processStart(pid);
    if (pid !== undefined && start !== undefined) onSpawn({ pid, start });
    return result;
  };
}

/** Field 22 of `/proc/<pid>/stat`: when the process started, in clock ticks since boot. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
