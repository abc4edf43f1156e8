import type { Vite } from 'vitest/node';
import { splitInstance } from '../taps/tap-protocol.js';

/**
 * A copy of a test file in an instanced round (`file?envelope-mutant=<tag>`) is the file itself
 * to vite: the module it imports resolves to the file's own id, so vite transforms the file once
 * per session, not once per copy (on examples/mcp-client the harness's CPU went 5.7 → 4.4–5.1 s).
 * Each copy still runs in a module graph of its own: vitest gives every test file of a run a new
 * module cache (and, in vmForks, a new VM context); only the task keeps the copy's id.
 */
export function copiesAsTheirFile(): Vite.Plugin {
  return {
    name: 'envelope-mutants:copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const { moduleId, tag } = splitInstance(source);
      if (tag === undefined) return null;
      return this.resolve(moduleId, importer, { ...options, skipSelf: true });
    },
  };
}
