import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  verdictTable,
} from './every-mode.js';

// A suite of the most common shape: one MCP SDK client shared by the file's tests, connected in
// beforeAll over mutatingTransport, tests asserting on SDK results. One run per mode, shared.
const modes = everyModeOnce('sdk-shared-client');

describe('envelope-mutants run on a suite with a shared SDK client', { timeout: 60_000 }, () => {
  test('should kill a response the client waits for in vain, marked timed out, never a Timeout', () => {
    // Assert: the SDK never resolves a request whose response lost its members; vitest's own
    // test (or hook) timeout fails the test, so the run is red: a kill, as vitest run says.
    expectEveryRunPassed(modes());
    expect(verdictTable(modes(), 'client.spec.ts')).toEqual({
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
    expectEveryModeAgrees(modes(), 'client.spec.ts');
  });
});
