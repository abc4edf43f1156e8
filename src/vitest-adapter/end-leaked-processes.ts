import { readdirSync, readFileSync } from 'node:fs';
import type { SpawnedProcess } from '../taps/tap-protocol.js';

interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly start: string;
  readonly zombie: boolean;
}

/**
 * How long a process the run's test files started may take to exit on its own once the run has
 * ended. A client that closes its server without waiting for it (the MCP SDK's stdio client,
 * after a failed `connect`) leaves a child that is still exiting when vitest reports the run:
 * that is no leak.
 */
export const EXIT_GRACE_MS = 300;

/**
 * Ends the processes test files started and left running after their vitest run, each with
 * every process below it (the whole tree, by pid), and returns their pids. A process counts only
 * while its start time is the one noted when it was started (a pid may have been reused since),
 * and once it has had {@link EXIT_GRACE_MS} to exit by itself. Reads `/proc`; where it is absent
 * (not Linux) this does nothing.
 */
export async function endLeakedProcesses(
  spawned: readonly SpawnedProcess[],
  graceMs = EXIT_GRACE_MS,
): Promise<number[]> {
  const deadline = Date.now() + graceMs;
  let table = processTable();
  while (stillRunning(spawned, table).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    table = processTable();
  }
  if (table.length === 0) return [];
  return killTrees(stillRunning(spawned, table), table);
}

/**
 * Ends vitest's worker processes of this process (the `forks` and `vmForks` pools), each with
 * every process below it, and returns their pids. After an interrupt the harness exits without
 * waiting for vitest's pool to close, and a worker busy in a test that never yields (a spin) would
 * not notice its parent gone: it would run on, orphaned. Reads `/proc`; elsewhere it does nothing.
 */
export function endWorkerProcesses(): number[] {
  const table = processTable();
  const workers = table.filter((entry) => {
    if (entry.ppid !== process.pid || entry.zombie) return false;
    try {
      const args = readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8');
      return /[\\/]vitest[\\/]dist[\\/]workers[\\/]/.test(args);
    } catch {
      return false;
    }
  });
  return killTrees(workers, table);
}

/** Kills each of `roots` with every process below it in `table` (SIGKILL); returns their pids. */
function killTrees(roots: readonly { readonly pid: number }[], table: readonly ProcessEntry[]) {
  const children = new Map<number, number[]>();
  for (const entry of table)
    children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry.pid]);
  const tree = new Set<number>();
  const visit = (pid: number): void => {
    if (tree.has(pid) || pid === process.pid) return;
    tree.add(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  for (const root of roots) visit(root.pid);
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
  return [...tree];
}

/** The processes of `spawned` that `table` shows running, as started (not a reused pid). */
function stillRunning(
  spawned: readonly SpawnedProcess[],
  table: readonly ProcessEntry[],
): SpawnedProcess[] {
  const byPid = new Map(table.map((entry) => [entry.pid, entry]));
  return spawned.filter((noted) => {
    const entry = byPid.get(noted.pid);
    return entry !== undefined && entry.start === noted.start && !entry.zombie;
  });
}

/** Every process `/proc` shows: pid, parent, start time, and whether it is a zombie. */
function processTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the parenthesised command name: state, ppid, …, starttime (field 22).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [
        {
          pid: Number(name),
          ppid: Number(fields[1]),
          start: fields[19] ?? '',
          zombie: fields[0] === 'Z',
        },
      ];
    } catch {
      return [];
    }
  });
}
