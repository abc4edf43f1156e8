import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { processStart } from '../../src/taps/watch-spawns.js';
import {
  endLeakedProcesses,
  endWorkerProcesses,
} from '../../src/vitest-adapter/end-leaked-processes.js';

const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A Node process that exits by itself `afterMs` after it started, as its start noted it. */
async function exitingAfter(afterMs: number) {
  const child = spawn(process.execPath, ['-e', `setTimeout(() => {}, ${afterMs})`]);
  started.push(child);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await once(child, 'spawn');
  const pid = child.pid ?? -1;
  return { exited, noted: { pid, start: processStart(pid) ?? '' } };
}

describe.runIf(process.platform === 'linux')('endLeakedProcesses', () => {
  test('should leave alone a process that exits by itself within the grace', async () => {
    // A client closing its server without waiting: the child is still exiting as the run ends.
    const { exited, noted } = await exitingAfter(100);

    const ended = await endLeakedProcesses([noted], 30_000);

    expect(ended).toEqual([]);
    expect(await exited).toEqual([0, null]);
  });

  test('should end a process still running once the grace is over', async () => {
    // Negative control: the same child, no grace.
    const { exited, noted } = await exitingAfter(100);

    const ended = await endLeakedProcesses([noted], 0);

    expect(ended).toEqual([noted.pid]);
    expect(await exited).toEqual([null, 'SIGKILL']);
  });
});

describe.runIf(process.platform === 'linux')('endWorkerProcesses', () => {
  test("should end this process's vitest workers, busy or not, and leave its other children", async () => {
    // Arrange: a worker spinning in a test that never yields, deaf to SIGINT, and another child.
    const dir = mkdtempSync(path.join(tmpdir(), 'em-workers-'));
    const workers = path.join(dir, 'node_modules', 'vitest', 'dist', 'workers');
    mkdirSync(workers, { recursive: true });
    writeFileSync(path.join(workers, 'forks.js'), "process.on('SIGINT', () => {}); for (;;) {}\n");
    const worker = spawn(process.execPath, [path.join(workers, 'forks.js')]);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    started.push(worker, other);
    await Promise.all([once(worker, 'spawn'), once(other, 'spawn')]);
    const exited = once(worker, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      // Act
      const ended = endWorkerProcesses();
      // Assert
      expect(ended).toEqual([worker.pid]);
      expect(await exited).toEqual([null, 'SIGKILL']);
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
