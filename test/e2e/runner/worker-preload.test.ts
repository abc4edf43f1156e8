// What the preload of the rounds' vmForks workers (`dist/src/taps/worker-preload.js`) offers the
// copies, in a Node process of its own started as vitest starts such a worker.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';

const PRELOAD = pathToFileURL(join(repoRoot, 'dist', 'src', 'taps', 'worker-preload.js')).href;

/** Whether a copy's setup file, in a new VM context of the process, finds the worker's watch. */
const PROBE = `
import vm from 'node:vm';
const offered = process[Symbol.for('envelope-mutants.watch-process-state')];
const context = vm.createContext({ process });
const found = vm.runInContext("process[Symbol.for('envelope-mutants.watch-process-state')]", context);
console.log(JSON.stringify({
  offered: typeof offered,
  sameForEveryCopy: found === offered,
  ofTheWorkerRealm: typeof offered === 'function' && offered instanceof Function,
}));
`;

async function probe(preload: boolean): Promise<unknown> {
  const execArgv = ['--experimental-vm-modules', '--no-warnings', '--input-type=module'];
  const { exitCode, stdout, stderr } = await runNode('-e', [PROBE], {
    execArgv: preload ? [...execArgv, '--import', PRELOAD] : execArgv,
  });
  return exitCode === 0 ? (JSON.parse(stdout) as unknown) : { exitCode, stderr };
}

describe('the preload of the vmForks workers', () => {
  test("should offer every copy the worker realm's watch of its process", async () => {
    expect(await probe(true)).toEqual({
      offered: 'function',
      sameForEveryCopy: true,
      ofTheWorkerRealm: true,
    });
    // Negative control: without the preload a copy finds none and watches with its own module.
    expect(await probe(false)).toEqual({
      offered: 'undefined',
      sameForEveryCopy: true,
      ofTheWorkerRealm: false,
    });
  });
});
