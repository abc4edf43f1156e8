// Peak resident memory of a process and all its descendants (the harness and its vitest
// workers), sampled from /proc. Linux only: elsewhere the sampler reports null.
import { readFileSync, readdirSync } from 'node:fs';

const PAGE_KIB = 4;

/** pid → { ppid, rssKiB } of every process, from /proc/<pid>/stat. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(fields[1]), rssKiB: Number(fields[21]) * PAGE_KIB });
    } catch {
      // The process ended between readdir and read.
    }
  }
  return table;
}

/** Sum of the resident memory of `root` and its descendants, in KiB. */
function treeRssKiB(root) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const stack = [root];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    total += table.get(pid)?.rssKiB ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Starts sampling every `intervalMs`; `stop()` returns the peaks in MiB (null off Linux). */
export function sampleTreeMemory(pid, intervalMs = 200) {
  let peakTree = 0;
  const supported = process.platform === 'linux';
  const sample = () => {
    if (!supported) return;
    peakTree = Math.max(peakTree, treeRssKiB(pid));
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return supported ? { peakTreeMiB: Math.round(peakTree / 1024) } : { peakTreeMiB: null };
    },
  };
}
