// docs/getting-started.md "Your first run", step by step, on a fresh copy of examples/mcp-server:
// the user's own project, whose server starts with `node dist/src/stdio.js`.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { buildExample, runVitest, tempProject, type TempProject } from './temp-project.js';

interface Report {
  readonly files: Readonly<Record<string, { readonly mutants: readonly { status: string }[] }>>;
  readonly envelopeMutants: { readonly namedKillScore: number | null; readonly complete: boolean };
}

const SUITE = 'test/envelope-mutants.contract.test.ts';
let project: TempProject;

beforeAll(async () => {
  // Step 1, `npm i -D envelope-mutants vitest @modelcontextprotocol/sdk`, without a registry.
  project = tempProject({
    devDependencies: ['envelope-mutants', 'vitest', '@modelcontextprotocol/sdk'],
  });
  const server = await buildExample('mcp-server');
  cpSync(join(server.root, 'dist'), join(project.root, 'dist'), { recursive: true });
  server.remove();
});
afterAll(() => project.remove());

function readFirstReport(root: string): Report {
  const text = readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8');
  return JSON.parse(text) as Report;
}

describe('Your first run (docs/getting-started.md)', () => {
  it('should reach a green gate in the documented steps', async () => {
    const init = await runCli(['init', '--server', 'node dist/src/stdio.js'], {
      cwd: project.root,
    });
    expect(init.exitCode, init.stderr).toBe(0);
    expect(init.stdout).toContain(`wrote ${SUITE}`);

    const vitest = await runVitest(project.root);
    expect(vitest.exitCode, vitest.stdout + vitest.stderr).toBe(0);

    const run = await runCli(['run', '--reporters', 'json,console'], { cwd: project.root });
    const report = readFirstReport(project.root);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(report.envelopeMutants.complete).toBe(true);
    expect(report.envelopeMutants.namedKillScore).toBeGreaterThanOrEqual(90);
  }, 900_000);

  it('should fail the gate once the leak assertions are gone (negative control)', async () => {
    const file = join(project.root, SUITE);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('.toNotLeak()', ''));

    // In vmForks: the claim is the gate, not the pool, and by default every survivor would be
    // confirmed by a run of the whole suite (a server started) in the project's pool.
    const run = await runCli(
      ['run', '--mutators', 'leak-canary', '--pool', 'vmForks', '--reporters', 'json'],
      { cwd: project.root },
    );
    const mutants = Object.values(readFirstReport(project.root).files).flatMap((f) => f.mutants);

    expect(run.exitCode).toBe(1);
    expect(mutants.some((mutant) => mutant.status === 'Survived')).toBe(true);
  }, 900_000);
});
