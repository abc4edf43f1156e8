// The CPU time of this process and of the children it has reaped (their own reaped children
// included: vitest reaps its workers), from /proc/self/stat. Linux only.
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds: this process's own, and its reaped children's. */
export function processCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const at = (n) => Number(fields[n - 3]) * TICK_MS;
  return { selfMs: at(14) + at(15), childrenMs: at(16) + at(17) };
}
