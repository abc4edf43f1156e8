import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempProject, type TempProject } from './temp-project.js';

const projects: TempProject[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) project.remove();
});

function makeProject(devDependencies = ['vitest', 'envelope-mutants']): string {
  const project = tempProject({ devDependencies });
  projects.push(project);
  return project.root;
}

describe('envelope-mutants init: bad input exits 2 with a clear error', () => {
  it('should refuse a project without vitest', async () => {
    const root = makeProject(['envelope-mutants']);

    const run = await runCli(['init'], { cwd: root });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('lists no vitest dependency');
  });

  it('should report a server command that does not start', async () => {
    const root = makeProject();

    const run = await runCli(['init', '--server', 'no-such-mcp-server-binary --stdio'], {
      cwd: root,
    });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('"no-such-mcp-server-binary --stdio" did not start (ENOENT)');
  });

  it('should report a server that never answers initialize within the timeout', async () => {
    const root = makeProject();
    const silent = `${process.execPath} -e "setInterval(() => {}, 1000)"`;

    const run = await runCli(['init', '--server', silent, '--timeout', '1500'], { cwd: root });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('did not answer initialize within 1500 ms');
  });

  it('should report a server that exits before answering, with its stderr', async () => {
    const root = makeProject();
    const crash = `${process.execPath} -e "console.error('boom: missing API key'); process.exit(3)"`;

    const run = await runCli(['init', '--server', crash], { cwd: root });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('closed before answering initialize');
    expect(run.stderr).toContain('boom: missing API key');
  });

  it('should never overwrite an existing config without --force', async () => {
    const root = makeProject();
    writeFileSync(join(root, 'envelope-mutants.config.json'), '{"profile":"jsonrpc-2.0"}\n');

    const refused = await runCli(['init'], { cwd: root });
    const kept = readFileSync(join(root, 'envelope-mutants.config.json'), 'utf8');
    const forced = await runCli(['init', '--force'], { cwd: root });

    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('already exists. Pass --force');
    expect(kept).toBe('{"profile":"jsonrpc-2.0"}\n');
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(join(root, 'envelope-mutants.config.json'), 'utf8')).toContain('"$schema"');
  });

  it('should offer tapMessage without the MCP SDK and the transport taps with it', async () => {
    const plain = await runCli(['init'], { cwd: makeProject() });
    const sdk = await runCli(['init'], {
      cwd: makeProject(['vitest', '@modelcontextprotocol/sdk']),
    });

    expect(plain.stdout).toContain('tapMessage(response, { requestId, method })');
    expect(plain.stdout).not.toContain('mutatingTransport');
    expect(sdk.stdout).toContain('mutatingTransport(transport)');
  });
});
