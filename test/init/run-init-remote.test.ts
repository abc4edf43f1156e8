import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { DEFAULT_SUITE_FILE, runInit, type InitOptions } from '../../src/init/run-init.js';
import {
  FULL_TOKEN,
  LOW_TOKEN,
  startRemoteFixture,
  type RemoteFixture,
  type RemoteFixtureOptions,
} from './remote-fixture-server.js';

let root: string;
let fixture: RemoteFixture | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-init-remote-'));
  const manifest = { name: 'p', devDependencies: { vitest: '^4.1.0' } };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest));
});
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  rmSync(root, { recursive: true, force: true });
});

async function serve(options: RemoteFixtureOptions): Promise<string> {
  fixture = await startRemoteFixture(options);
  return fixture.url;
}

const options = (overrides: Partial<InitOptions>): InitOptions => ({
  root,
  force: false,
  timeoutMs: 5000,
  ...overrides,
});

const withTokens = (url: string): InitOptions =>
  options({
    url,
    headers: [`Authorization: Bearer ${FULL_TOKEN}`],
    lowScopeHeaders: [`Authorization: Bearer ${LOW_TOKEN}`],
  });

async function rejection(given: InitOptions): Promise<string> {
  try {
    await runInit(given);
  } catch (error) {
    expect(isConfigError(error), String(error)).toBe(true);
    return (error as Error).message;
  }
  return 'resolved';
}

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('runInit --url', () => {
  it('should write the authorization cases of a protected server, reading tokens from the environment', async () => {
    const url = await serve({ refusal: 'step-up' });

    const result = await runInit(withTokens(url));

    const suite = readFileSync(path.join(root, DEFAULT_SUITE_FILE), 'utf8');
    expect(result.authorization?.unauthorized).toEqual({
      scope: ['read'],
      resourceMetadata: '/.well-known/oauth-protected-resource/mcp',
    });
    expect(result.authorization?.stepUps).toEqual([
      { tool: 'lookup', arguments: { key: '' }, scope: ['read', 'write'] },
    ]);
    expect(result.authorization?.findings).toEqual([]);
    expect(suite).toContain("headersFrom({ Authorization: 'MCP_SECRET_AUTHORIZATION' })");
    expect(suite).toContain(".toBeAuthChallenge({ scope: ['read', 'write'] })");
    expect(suite).toContain(".toBeUnauthorized({ scope: 'read' })");
    for (const text of [suite, result.text]) {
      expect(text).not.toContain(FULL_TOKEN);
      expect(text).not.toContain(LOW_TOKEN);
    }
    expect(result.text).toContain('MCP_LOW_SCOPE_SECRET_AUTHORIZATION');
  });

  it('should flag a missing scope answered as an isError tool result, and write no step-up case for it', async () => {
    const url = await serve({ refusal: 'tool-error' });

    const result = await runInit(withTokens(url));

    expect(result.authorization?.stepUps).toEqual([]);
    expect(result.authorization?.findings).toEqual([
      expect.stringMatching(
        /^lookup without its scope: answered HTTP 200 with a permission refusal/,
      ),
    ]);
    expect(result.text).toContain('Authorization findings');
  });

  it('should write no authorization cases for a server that advertises no protected-resource metadata', async () => {
    const url = await serve({ refusal: 'tool-error', protect: false });

    const result = await runInit(options({ url }));

    const suite = readFileSync(path.join(root, DEFAULT_SUITE_FILE), 'utf8');
    expect(result.authorization?.metadata).toBeUndefined();
    expect(suite).not.toContain('authorization at the HTTP layer');
    expect(suite).toContain('expectHttp(posted(session.http, sent)).toSatisfyRules();');
  });

  it('should read every request id from the request sent, never count it', async () => {
    const url = await serve({ refusal: 'step-up' });

    await runInit(withTokens(url));

    const suite = readFileSync(path.join(root, DEFAULT_SUITE_FILE), 'utf8');
    expect(suite).toContain('authorization at the HTTP layer');
    expect(suite).toContain("return request['id'] as JsonRpcId;");
    expect(suite).not.toMatch(/lastRequestId|requestId: 1\b|\{ id: 1 \}/);
  });

  it('should ask for credentials when the server answers 401 and none were given', async () => {
    const url = await serve({ refusal: 'step-up' });

    const message = await rejection(options({ url }));

    expect(message).toContain('requires authorization (HTTP 401)');
    expect(message).toContain("--header 'Authorization: Bearer <token>'");
  });

  it('should say that nothing answers at a loopback port nobody listens on', async () => {
    const port = await closedPort();

    const message = await rejection(options({ url: `http://127.0.0.1:${port}/mcp` }));

    expect(message).toBe(
      `init --url: nothing answered at http://127.0.0.1:${port}/mcp (ECONNREFUSED). Start the server first, or check the URL.`,
    );
  });

  it.each([
    ['a malformed URL', { url: 'not a url' }, 'is not an absolute URL'],
    ['a non-http scheme', { url: 'ftp://127.0.0.1/mcp' }, 'expected an http: or https: URL'],
    [
      'a header without a colon',
      { url: 'http://127.0.0.1:1/mcp', headers: ['Authorization Bearer x'] },
      "expected 'Name: value'",
    ],
    [
      'credentials in the URL',
      { url: 'http://user:secret@127.0.0.1:1/mcp' },
      'the URL carries credentials',
    ],
    ['a header without --url', { headers: ['Authorization: Bearer x'] }, 'Pass --url'],
    [
      'both --server and --url',
      { url: 'http://127.0.0.1:1/mcp', server: 'node server.js' },
      'exclude each other',
    ],
  ])('should refuse %s with one line naming the fix', async (_name, overrides, expected) => {
    const message = await rejection(options(overrides));

    expect(message).toContain(expected);
    expect(message).not.toContain('\n');
  });
});
