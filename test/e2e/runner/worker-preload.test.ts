// What the preload of the rounds' vmForks workers (`dist/src/taps/worker-preload.js`) offers the
// copies, in a Node process of its own started as vitest starts such a worker.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';

const PRELOAD = pathToFileURL(join(repoRoot, 'dist', 'src', 'taps', 'worker-preload.js')).href;

/**
 * What a copy's setup file, in a new VM context of the process, finds on `process` and gets when it
 * calls it as the setup file does, with its context's global and `Object`.
 */
const PROBE = `
import vm from 'node:vm';
const context = vm.createContext({ process });
console.log(JSON.stringify(vm.runInContext(\`
  const watch = process[Symbol.for('envelope-mutants.watch-process-state')];
  const copy = watch === undefined ? undefined : watch({ global: globalThis, Object });
  copy?.restore();
  ({
    offered: typeof watch,
    ofAnotherRealm: typeof watch === 'function' && !(watch instanceof Function),
    carried: copy === undefined ? 'no watch' : (copy.carried ?? 'nothing'),
  })
\`, context)));
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
    // A function of the worker's realm, not the context's, that watches the copy's process: the
    // first copy of a process finds nothing an earlier one carried.
    expect(await probe(true)).toEqual({
      offered: 'function',
      ofAnotherRealm: true,
      carried: 'nothing',
    });
    // Negative control: without the preload a copy finds none and watches with its own module.
    expect(await probe(false)).toEqual({
      offered: 'undefined',
      ofAnotherRealm: false,
      carried: 'no watch',
    });
  });
});
