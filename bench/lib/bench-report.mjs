// Shared helpers of the benchmarks: machine facts, medians, a console table, and the JSON result
// file each benchmark commits under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The machine a figure came from. `shared` says other processes competed for the CPU: only
 * ratios measured in the same run are comparable, never absolute figures across runs.
 */
export function machineInfo() {
  const cores = cpus();
  return {
    cpu: cores[0]?.model ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
    shared: process.env['BENCH_EXCLUSIVE'] !== '1',
  };
}

/** The median of a non-empty list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A number with `digits` significant decimals, for tables and JSON alike. */
export function round(value, digits = 3) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Prints rows (objects with the same keys) as an aligned text table. */
export function printTable(title, rows) {
  const first = rows[0];
  if (first === undefined) return;
  const keys = Object.keys(first);
  const cells = [keys, ...rows.map((row) => keys.map((key) => String(row[key] ?? '')))];
  const widths = keys.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const line = (values) => values.map((v, i) => v.padEnd(widths[i])).join('  ');
  console.log(`\n${title}`);
  console.log(line(keys));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const values of cells.slice(1)) console.log(line(values));
}

/** Writes bench/results/<name>.json with the machine facts, and returns its path. */
export function writeResult(name, result) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  const body = { benchmark: name, machine: machineInfo(), ...result };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return fileURLToPath(file);
}
