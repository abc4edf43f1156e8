import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encode, ENCODINGS, environmentSecretValue } from '../../support/secret-encodings.js';
import { runCli } from '../../support/run-cli.js';

const LIBRARY = fileURLToPath(new URL('../../../dist/worker/index.js', import.meta.url));
const SECRET_NAMES = [
  'GITHUB_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'NPM_TOKEN',
  'OPENAI_API_KEY',
  'DB_PASSWORD',
] as const;
type Secrets = Readonly<Record<(typeof SECRET_NAMES)[number], string>>;

// A suite that sees every secret of its environment: in a site's envelope and key, in what it
// prints, and (under a mutant) in what it throws, JSON-escaped; plus a fuzz decoder that echoes
// them in its crash message.
const SPEC = `import { expect, test } from 'vitest';
import { tapMessage } from 'envelope-mutants';

const env = process.env;
const all = ${JSON.stringify(SECRET_NAMES)}.map((name) => env[name]);

test('should refuse the upstream call', () => {
  console.log('upstream credentials', all.join(' '));
  const res = tapMessage(
    {
      jsonrpc: '2.0',
      id: 4,
      result: {
        isError: true,
        content: [{ type: 'text', text: 'refused ' + all.join(' | ') }],
        _meta: { ['db:' + env.DB_PASSWORD]: env.OPENAI_API_KEY },
      },
    },
    'site-' + env.NPM_TOKEN,
  );
  if (res.id !== 4) throw new Error('wrong id; ' + JSON.stringify({ aws: env.AWS_SECRET_ACCESS_KEY, all }));
  expect(res.result.isError, 'mcp.is-error').toBe(true);
});
`;
const DECODER = `export const echo = {
  name: 'echoes its credentials',
  sanitizes: false,
  createSession() {
    return {
      request() {},
      receive() {
        throw new Error('cannot decode with ' + JSON.stringify({ token: process.env.GITHUB_TOKEN }));
      },
      outcome() { return { kind: 'pending' }; },
    };
  },
};
`;

/** Every file under `dir`, by path relative to it. */
async function filesUnder(dir: string): Promise<Record<string, string>> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of names) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = await readFile(file, 'utf8');
  }
  return files;
}

/** Where any encoding of any secret stands in any artifact, as `artifact: NAME (encoding)`. */
function leaks(artifacts: Readonly<Record<string, string>>, secrets: Secrets): string[] {
  const found: string[] = [];
  for (const [artifact, text] of Object.entries(artifacts)) {
    for (const [name, value] of Object.entries(secrets)) {
      for (const encoding of Object.keys(ENCODINGS)) {
        for (const depth of [1, 2]) {
          const chain = Array<string>(depth).fill(encoding);
          if (text.includes(encode(value, chain)))
            found.push(`${artifact}: ${name} (${chain.join(',')})`);
        }
      }
    }
  }
  return found;
}

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'secrets-in-artifacts-'));
  await writeFile(path.join(root, 'leaky.spec.ts'), SPEC);
  await writeFile(path.join(root, 'echo-decoder.mjs'), DECODER);
  await writeFile(
    path.join(root, 'vitest.config.mjs'),
    `export default { resolve: { alias: { 'envelope-mutants': ${JSON.stringify(LIBRARY)} } }, test: { include: ['*.spec.ts'], server: { deps: { external: [/\\/dist\\/worker\\//] } } } };\n`,
  );
  await writeFile(
    path.join(root, 'envelope-mutants.config.json'),
    JSON.stringify({ mutators: ['change-id', 'remove-is-error'] }),
  );
  return root;
}

/** Runs every command that writes an artifact or prints what a run saw, with `secrets` set. */
async function everyArtifact(root: string, secrets: Secrets): Promise<Record<string, string>> {
  const cli = (...args: string[]) => runCli(args, { env: secrets, timeoutMs: 280_000 });
  const reports = path.join(root, 'reports/envelope-mutants');
  const run = await cli('run', '--root', root, '--incremental', '--reporters', 'json,html,console');
  expect(run.exitCode, run.stderr).toBe(0);
  const report = JSON.parse(await readFile(path.join(reports, 'mutation.json'), 'utf8')) as {
    files: Record<string, { mutants: { id: string; status: string }[] }>;
  };
  const mutants = Object.values(report.files).flatMap((file) => file.mutants);
  // The thrown message must have made it into the report for the check below to mean anything.
  const killed = mutants.find((mutant) => mutant.status === 'Killed');
  if (killed === undefined) throw new Error('no mutant was killed: the suite threw no secret');
  const merged = path.join(root, 'merged/mutation.json');
  const outputs = [
    run,
    await cli('list', '--root', root, '--json'),
    await cli('explain', killed.id, '--root', root),
    await cli('merge', path.join(reports, 'mutation.json'), '--out', merged),
    await cli('diff', path.join(reports, 'mutation.json'), merged),
    await cli(
      'fuzz',
      ...['--decoder', `${path.join(root, 'echo-decoder.mjs')}#echo`, '--runs', '5'],
      ...['--out', path.join(reports, 'fuzz')],
    ),
  ];
  const printed = Object.fromEntries(
    outputs.flatMap((output, index) => [
      [`stdout of command ${index}`, output.stdout],
      [`stderr of command ${index}`, output.stderr],
    ]),
  );
  return {
    ...(await filesUnder(path.join(root, 'reports'))),
    ...(await filesUnder(path.join(root, 'merged'))),
    ...printed,
  };
}

describe('secrets in the artifacts of a real run', { timeout: 600_000 }, () => {
  test('should publish no secret of the environment, in any encoding, in any artifact', async () => {
    const secrets = fc.record(
      Object.fromEntries(SECRET_NAMES.map((name) => [name, environmentSecretValue()])) as Record<
        (typeof SECRET_NAMES)[number],
        fc.Arbitrary<string>
      >,
    );
    await fc.assert(
      fc.asyncProperty(secrets, async (drawn) => {
        // Arrange: values the redaction marker could spell are no test.
        fc.pre(Object.values(drawn).every((value) => !'[redacted $]'.includes(value)));
        const root = await project();
        try {
          // Act
          const artifacts = await everyArtifact(root, drawn);
          // Assert: the artifacts exist, and none holds a secret in any encoding.
          expect(Object.keys(artifacts)).toEqual(
            expect.arrayContaining([
              'envelope-mutants/mutation.json',
              'envelope-mutants/mutation.html',
              'envelope-mutants/incremental.json',
              'mutation.json',
              'mutation.html',
            ]),
          );
          expect(
            Object.keys(artifacts).some((name) => name.startsWith('envelope-mutants/fuzz/')),
          ).toBe(true);
          expect(leaks(artifacts, drawn)).toEqual([]);
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 2 },
    );
  });

  test('should find a secret in an artifact when one is there (negative control)', () => {
    const secrets = { GITHUB_TOKEN: 'q"uoted\\value<&>' } as unknown as Secrets;
    const artifacts = { 'mutation.html': `x ${encode(secrets.GITHUB_TOKEN, ['json', 'json'])} y` };
    expect(leaks(artifacts, secrets)).toEqual(['mutation.html: GITHUB_TOKEN (json,json)']);
  });
});
