import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  differencesFromReference,
  runEveryMode,
  verdictTable,
  type EveryMode,
} from './every-mode.js';

// A suite of the most common shape: one MCP SDK client shared by the file's tests, connected in
// beforeAll over mutatingTransport, tests asserting on SDK results. One run per mode, shared.
let modes: EveryMode;

beforeAll(async () => {
  modes = await runEveryMode('sdk-shared-client', {
    mutators: ['drop-both-members', 'remove-is-error'],
    pool: 'project',
  });
}, 900_000);
afterAll(() => modes.remove());

describe('envelope-mutants run on a suite with a shared SDK client', { timeout: 60_000 }, () => {
  test('should kill a response the client waits for in vain, marked timed out, never a Timeout', () => {
    // Assert: the SDK never resolves a request whose response lost its members; vitest's own
    // test (or hook) timeout fails the test, so the run is red: a kill, as vitest run says.
    for (const [name, result] of Object.entries(modes.exits)) expect(result.exitCode, name).toBe(0);
    expect(verdictTable(modes, 'client.spec.ts')).toEqual({
      'client.spec.ts in:initialize#0 / drop-both-members':
        'Killed at an unnamed failure (timed out)',
      'should get an answer through one retry in:tools/call#0 / drop-both-members': 'Survived',
      'should list the tools in:tools/list#0 / drop-both-members':
        'Killed at an unnamed failure (timed out)',
      'should echo in:tools/call#0 / drop-both-members': 'Killed at an unnamed failure (timed out)',
      'should report a failing tool as a tool error in:tools/call#0 / drop-both-members':
        'Killed at an unnamed failure (timed out)',
      'should report a failing tool as a tool error in:tools/call#0 / remove-is-error':
        'Killed at mcp.is-error',
    });
  });

  test('should give every mutant the verdict of --isolate in every mode', () => {
    expect(differencesFromReference(modes, 'client.spec.ts')).toEqual({
      first: [],
      second: [],
      merged: [],
      instanced: [],
    });
  });
});
