import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { probeServer, type ServerProbe } from '../../src/init/probe-server.js';
import { writeFixtureServer } from '../support/stdio-fixture-server.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'em-probe-'));
  writeFixtureServer(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `act` on a fresh probe of the fixture server. Started inside the test rather than in a
 * hook, so what a test checks is what that test ran.
 */
async function withProbe<T>(
  act: (probe: ServerProbe) => Promise<T> | T,
  timeoutMs = 5000,
): Promise<T> {
  const probe = await probeServer(
    { command: 'node', args: ['server.mjs', 'ok'], env: {} },
    { timeoutMs, cwd: dir },
  );
  try {
    return await act(probe);
  } finally {
    await probe.close();
  }
}

async function startError(args: string[], command = 'node', timeoutMs = 5000): Promise<string> {
  try {
    const started = await probeServer({ command, args, env: {} }, { timeoutMs, cwd: dir });
    await started.close();
  } catch (error) {
    expect(isConfigError(error), String(error)).toBe(true);
    return (error as Error).message;
  }
  return 'started';
}

describe('probeServer', () => {
  it('should name the server from its initialize answer and list the tools of every page', async () => {
    const probe = await withProbe((started) => started);

    expect(probe.serverName).toBe('fixture-server');
    expect(probe.tools).toEqual([
      {
        name: 'get-sum',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
        outputSchema: {
          type: 'object',
          properties: { sum: { type: 'number' } },
          required: ['sum'],
        },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'echo',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ]);
    expect(probe.tools[1]).not.toHaveProperty('outputSchema');
  });

  it("should start the server with the user's environment plus the command's own variables", async () => {
    process.env['FIXTURE_EXPORTED'] = 'exported-value';
    try {
      const probe = await probeServer(
        { command: 'node', args: ['server.mjs', 'wild', '.'], env: { FIXTURE_CONFIG: 'own' } },
        { timeoutMs: 5000, cwd: dir },
      );
      const outcome = await probe.call('tools/call', { name: 'show-config', arguments: {} });
      await probe.close();

      expect(outcome).toEqual({
        kind: 'envelope',
        envelope: {
          jsonrpc: '2.0',
          id: 0,
          result: {
            content: [{ type: 'text', text: `serving ${dir} with own for exported-value` }],
          },
        },
      });
    } finally {
      delete process.env['FIXTURE_EXPORTED'];
    }
  });

  it('should rebuild a result envelope from the answer to a call', async () => {
    const outcome = await withProbe((probe) =>
      probe.call('tools/call', { name: 'get-sum', arguments: { a: 2, b: 3 } }),
    );

    expect(outcome).toEqual({
      kind: 'envelope',
      envelope: {
        jsonrpc: '2.0',
        id: 0,
        result: { content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } },
      },
    });
  });

  it("should rebuild an error envelope with the server's own message and data", async () => {
    const outcome = await withProbe((probe) =>
      probe.call('tools/call', { name: 'nope', arguments: {} }),
    );

    expect(outcome).toEqual({
      kind: 'envelope',
      envelope: {
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32602, message: 'Unknown tool: nope', data: { tool: 'nope' } },
      },
    });
  });

  it('should rebuild an error without data as code and message only', async () => {
    const outcome = await withProbe((probe) => probe.call('no/such-method', {}));

    expect(outcome).toStrictEqual({
      kind: 'envelope',
      envelope: { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } },
    });
  });

  it('should report a request the server never answers as no answer, with why', async () => {
    const outcome = await withProbe((probe) => probe.call('test/ignore', {}), 1000);

    expect(outcome).toEqual({ kind: 'no-answer', reason: expect.stringMatching(/timed out/i) });
  });
});

describe('probeServer answers', () => {
  it('should strip the SDK prefix from the message of a positive error code', async () => {
    const outcome = await withProbe((probe) => probe.call('test/custom-error', {}));

    expect(outcome).toStrictEqual({
      kind: 'envelope',
      envelope: { jsonrpc: '2.0', id: 0, error: { code: 1000, message: 'Custom failure' } },
    });
  });

  it('should report a server that exits during a request as no answer', async () => {
    const outcome = await withProbe((probe) => probe.call('test/exit', {}));

    expect(outcome).toEqual({ kind: 'no-answer', reason: expect.stringMatching(/closed/i) });
  });

  it('should start the server again after it closed its session, and count the closed session', async () => {
    const [exited, after, closed] = await withProbe(async (probe) => [
      await probe.call('test/exit', {}),
      await probe.call('tools/call', { name: 'echo', arguments: {} }),
      probe.sessionsClosedByServer(),
    ]);

    expect(exited).toEqual({ kind: 'no-answer', reason: expect.stringMatching(/closed/i) });
    expect(after).toEqual({
      kind: 'envelope',
      envelope: { jsonrpc: '2.0', id: 0, result: { content: [{ type: 'text', text: 'Echo: ' }] } },
    });
    expect(closed).toBe(1);
  });

  it('should count no closed session when only the probe closes it', async () => {
    const probe = await withProbe(async (started) => {
      await started.call('tools/call', { name: 'echo', arguments: {} });
      return started;
    });

    expect(probe.sessionsClosedByServer()).toBe(0);
  });

  it('should stop the server on close: a later request gets no answer', async () => {
    const probe = await withProbe((started) => started);

    const outcome = await probe.call('tools/call', { name: 'echo', arguments: {} });

    expect(outcome.kind).toBe('no-answer');
  });
});

describe('probeServer start errors', () => {
  it('should say a command that does not exist did not start', async () => {
    const message = await startError(['--x'], 'envelope-mutants-no-such-command');

    expect(message).toBe(
      'init --server: "envelope-mutants-no-such-command --x" did not start (ENOENT). Check the command and that it is installed.',
    );
  });

  it('should say a server that exits closed before initialize, with its last stderr lines', async () => {
    const message = await startError(['server.mjs', 'crash']);

    expect(message).toMatch(
      /^init --server: "node server\.mjs crash" closed before answering initialize \(.+\)\. Run it by hand to see why\. Its stderr ended with:\nstep 3\nloading config\n\nat main\nError: missing API_KEY$/,
    );
  });

  it('should keep only the tail of a long stderr', async () => {
    const message = await startError(['server.mjs', 'noisy']);

    expect(message.endsWith(`Its stderr ended with:\n${'x'.repeat(1999)}`)).toBe(true);
    expect(message).not.toContain('first');
  });

  it('should say a file that is not executable did not start', async () => {
    writeFileSync(path.join(dir, 'server.sh'), '#!/bin/sh\n', { mode: 0o644 });

    const message = await startError([], './server.sh');

    expect(message).toBe(
      'init --server: "./server.sh" did not start (EACCES). Check the command and that it is installed.',
    );
  });

  it('should say a server that never answers initialize timed out, and how to fix it', async () => {
    const message = await startError(['server.mjs', 'silent'], 'node', 1500);
    const pid = Number(readFileSync(path.join(dir, 'silent.pid'), 'utf8'));

    // Gone once init says so: until 2026-12-07 the SDK's close went on in the background, and a
    // process that ended first (this test's worker) left the server running.
    expect(() => process.kill(pid, 0)).toThrow();
    expect(message).toBe(
      'init --server: "node server.mjs silent" did not answer initialize within 1500 ms. Check that it is an MCP server on stdio (stdout carries JSON-RPC only), or raise --timeout. Its stderr ended with:\nlistening on stdio',
    );
  });
});
