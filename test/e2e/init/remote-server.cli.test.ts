// `init --url` on examples/mcp-http-server, running in a process of its own on an ephemeral
// loopback port, with a bearer token and a low-scope one: one init, one vitest run, one
// `envelope-mutants run` on the HTTP-layer mutators and a few envelope ones (the whole catalogue
// takes minutes on two cores), shared by the assertions; then a negative control.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../../support/run-cli.js';
import {
  typecheckStrict,
  runVitest,
  startHttpExample,
  tempProject,
  type RunningHttpExample,
  type TempProject,
} from './temp-project.js';

interface Mutant {
  readonly mutatorName: string;
  readonly status: string;
  readonly killedAt?: { readonly rule: string; readonly named: boolean };
}

interface Report {
  readonly files: Readonly<Record<string, { readonly mutants: readonly Mutant[] }>>;
  readonly envelopeMutants: {
    readonly namedKillScore: number | null;
    readonly complete: boolean;
    readonly brittleness?: { readonly harmless: number; readonly brittle: number };
  };
}

const SUITE = 'test/envelope-mutants.contract.test.ts';
// The example's demo tokens (examples/mcp-http-server/src/main.ts).
const WRITER = 'demo-writer';
const READER = 'demo-reader';
const ENV = {
  MCP_SECRET_AUTHORIZATION: `Bearer ${WRITER}`,
  MCP_LOW_SCOPE_SECRET_AUTHORIZATION: `Bearer ${READER}`,
};
const HTTP_MUTATORS = [
  'auth-failure-as-tool-error',
  'auth-failure-as-success',
  'auth-failure-as-protocol-error',
  'drop-scope-challenge',
  'swap-auth-status',
  'leak-challenge-canary',
];
// renumber-request-id is harmless: the suite must stay green when the client picks other ids.
const MUTATORS = [
  ...HTTP_MUTATORS,
  'promote-tool-error',
  'remove-is-error',
  'leak-canary',
  'renumber-request-id',
];

let project: TempProject;
let server: RunningHttpExample;
let init: CliResult;
let vitest: CliResult;
let run: CliResult;
let report: Report;
let tsc: CliResult;

function readReport(root: string): Report {
  const text = readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8');
  return JSON.parse(text) as Report;
}

function mutantsOf(of: Report): Mutant[] {
  return Object.values(of.files).flatMap((file) => file.mutants);
}

beforeAll(async () => {
  project = tempProject({
    devDependencies: ['envelope-mutants', 'vitest', '@modelcontextprotocol/sdk', '@types/node'],
  });
  server = await startHttpExample();
  init = await runCli(
    [
      'init',
      '--url',
      server.url,
      '--header',
      `Authorization: Bearer ${WRITER}`,
      '--low-scope-header',
      `Authorization: Bearer ${READER}`,
    ],
    { cwd: project.root },
  );
  vitest = await runVitest(project.root, [], ENV);
  tsc = await typecheckStrict(project.root, [SUITE]);
  run = await runCli(['run', '--mutators', MUTATORS.join(','), '--reporters', 'json'], {
    cwd: project.root,
    env: ENV,
  });
  report = readReport(project.root);
}, 900_000);

// beforeAll may fail before assigning them.
/* eslint-disable @typescript-eslint/no-unnecessary-condition */
afterAll(async () => {
  await server?.stop();
  project?.remove();
});
/* eslint-enable @typescript-eslint/no-unnecessary-condition */

describe('envelope-mutants init --url on a running remote server (examples/mcp-http-server)', () => {
  it('should write a suite that never holds the tokens it was given', () => {
    const written = [
      readFileSync(join(project.root, SUITE), 'utf8'),
      readFileSync(join(project.root, 'envelope-mutants.config.json'), 'utf8'),
    ];

    expect(init.exitCode, init.stderr).toBe(0);
    for (const text of [...written, init.stdout, init.stderr]) {
      expect(text).not.toContain(WRITER);
      expect(text).not.toContain(READER);
    }
    expect(readdirSync(join(project.root, 'test'))).toEqual(['envelope-mutants.contract.test.ts']);
  });

  it('should write a suite that passes against the server and type-checks under tsc --strict', () => {
    expect(vitest.exitCode, vitest.stdout + vitest.stderr).toBe(0);
    expect(tsc.stdout + tsc.stderr).toBe('');
  });

  it('should score at least 95 % named kills on its first run', () => {
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(report.envelopeMutants.complete).toBe(true);
    expect(report.envelopeMutants.namedKillScore).toBeGreaterThanOrEqual(95);
  });

  it('should stay green when the client chooses other request ids (no brittle test)', () => {
    const renumbered = mutantsOf(report).filter(
      (mutant) => mutant.mutatorName === 'renumber-request-id',
    );

    expect(renumbered.length).toBeGreaterThan(0);
    expect(report.envelopeMutants.brittleness?.harmless).toBe(renumbered.length);
    expect(report.envelopeMutants.brittleness?.brittle).toBe(0);
  });

  it('should kill every HTTP-layer mutant at an HTTP rule it names', () => {
    const http = mutantsOf(report).filter((mutant) => HTTP_MUTATORS.includes(mutant.mutatorName));

    // The 401 without credentials and the step-up 403: each attacked by every HTTP mutator.
    expect(new Set(http.map((mutant) => mutant.mutatorName))).toEqual(new Set(HTTP_MUTATORS));
    for (const mutant of http) {
      expect(mutant.killedAt?.named, mutant.mutatorName).toBe(true);
      expect(['http.auth', 'http.status', 'sanitize.leak']).toContain(mutant.killedAt?.rule);
    }
  });

  it('should lose the named kill of swap-auth-status once the HTTP assertions are gone (negative control)', async () => {
    const file = join(project.root, SUITE);
    const source = readFileSync(file, 'utf8');
    // The status assertions of both authorization cases go; the rest of each test stays.
    const weakened = source
      .split('\n')
      .filter((line) => !/\.toBe(?:Unauthorized|AuthChallenge)\(/.test(line))
      .join('\n');
    expect(weakened.length).toBeLessThan(source.length);
    writeFileSync(file, weakened);

    const weak = await runCli(['run', '--mutators', 'swap-auth-status', '--reporters', 'json'], {
      cwd: project.root,
      env: ENV,
    });
    const swapped = mutantsOf(readReport(project.root));

    expect(weak.exitCode).toBe(1);
    expect(swapped.length).toBeGreaterThan(0);
    expect(swapped.some((mutant) => mutant.status === 'Survived')).toBe(true);
  }, 900_000);
});
