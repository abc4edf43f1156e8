import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { connectRaw } from '../../src/taps/connect-raw.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { tapStderr } from '../../src/taps/tap-stderr.js';
import { clearTapState, installTapState, type TapState } from '../../src/taps/tap-state.js';

/**
 * A raw stdio MCP server: it answers `initialize`, logs a line to stderr at start and for each
 * failed `tools/call`, and answers that call with a tool error.
 */
const SERVER_SOURCE = `import { createInterface } from 'node:readline';
process.stderr.write('server listening on stdio\\n');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
createInterface({ input: process.stdin }).on('line', (text) => {
  const message = JSON.parse(text);
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'log-fixture', version: '1.0.0' } } });
    return;
  }
  process.stderr.write('tools/call ' + message.id + ' failed: internal\\n');
  send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'The tool failed.' }], isError: true } });
});
`;

let dir: string;
let serverFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tap-stderr-'));
  serverFile = path.join(dir, 'server.mjs');
  writeFileSync(serverFile, SERVER_SOURCE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => clearTapState());

function stateFor(plan: TapPlan): TapState {
  return installTapState(plan, 'test/a.test.ts', () => 't1');
}

/** One session with the fixture server over connectRaw: one failing tool call, then close. */
async function sessionLines(): Promise<readonly string[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverFile],
    stderr: 'pipe',
  });
  const stderr = tapStderr(transport);
  const raw = await connectRaw(transport);
  await raw.request('tools/call', { name: 'anything', arguments: {} });
  await raw.close();
  return stderr.lines();
}

describe('tapStderr over a spawned stdio server', () => {
  test('should give every line the server wrote to stderr once it exits', async () => {
    const lines = await sessionLines();

    expect(lines).toEqual(['server listening on stdio', 'tools/call 2 failed: internal']);
  });

  test('should record each line as a log site of the test that reads them', async () => {
    const state = stateFor({ mode: 'record', root: '/project', mutations: {} });

    await sessionLines();

    const logSites = state.tests.get('t1')?.sites.filter((site) => site.kind === 'log');
    expect(logSites?.map((site) => [site.key, site.value])).toEqual([
      ['t1#stderr#0', 'server listening on stdio'],
      ['t1#stderr#1', 'tools/call 2 failed: internal'],
    ]);
  });

  test('should hand the suite the planned mutant of a line in a mutation round', async () => {
    const planted = 'tools/call 2 failed: internal CANARY-abcdefgh12';
    stateFor({
      mode: 'mutate',
      root: '/project',
      mutations: { 't1#stderr#1': { mutantId: 'm1', value: planted } },
    });

    const lines = await sessionLines();

    expect(lines).toEqual(['server listening on stdio', planted]);
  });
});

describe('tapStderr on streams', () => {
  test('should read the stderr of a child process spawned with a piped stderr', async () => {
    const child = spawn(process.execPath, ['-e', "process.stderr.write('open\\r\\n\\nlast')"]);

    const lines = await tapStderr(child).lines();

    expect(lines).toEqual(['open', 'last']);
  });

  test('should decode a character split across two chunks', async () => {
    const stream = new PassThrough();
    const stderr = tapStderr(stream);
    const bytes = Buffer.from('café\n');

    stream.write(bytes.subarray(0, 4));
    stream.end(bytes.subarray(4));

    expect(await stderr.lines()).toEqual(['café']);
  });

  test('should return the same lines to a second call without tapping them again', async () => {
    const state = stateFor({ mode: 'record', root: '/project', mutations: {} });
    const stream = new PassThrough();
    const stderr = tapStderr(stream);
    stream.end('one\n');

    const first = await stderr.lines();
    const second = await stderr.lines();

    expect(second).toBe(first);
    expect(state.tests.get('t1')?.sites).toHaveLength(1);
  });

  test('should refuse a source whose stderr is not piped, saying how to pipe it', () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [] });

    expect(() => tapStderr(transport)).toThrow(/stderr: 'pipe'/);
  });
});
