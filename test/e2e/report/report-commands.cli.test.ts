import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MutationRun } from '../../../src/mutant/mutant.js';
import { buildJsonReport } from '../../../src/report/build-json-report.js';
import { reportSchemaErrors } from '../../../src/report/validate-report.js';
import { makeRun, MUTANTS } from '../../report/fixtures.js';

// The built CLI (`npm test` builds first), as a user's CI runs it.
const BIN = fileURLToPath(new URL('../../../dist/src/bin.js', import.meta.url));

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function shard(run: MutationRun, index: number): Promise<string> {
  const path = join(dir, `shard-${index}.json`);
  const mutants = run.mutants.filter((_mutant, i) => i % 3 === index - 1);
  await writeFile(
    path,
    JSON.stringify(buildJsonReport({ ...run, mutants }, { env: {}, shard: { index, count: 3 } })),
  );
  return path;
}

describe('the built CLI', () => {
  it('should merge three shard reports into one valid report and pass the gate', async () => {
    const shards = await Promise.all([1, 2, 3].map((index) => shard(makeRun(), index)));
    const out = join(dir, 'merged.json');

    const { code, stdout } = await cli(['merge', ...shards, '--out', out]);

    expect(code).toBe(0);
    const merged = JSON.parse(await readFile(out, 'utf8')) as {
      envelopeMutants: { mutationScore: number; namedKillScore: number };
    };
    expect(reportSchemaErrors(merged)).toEqual([]);
    expect(merged.envelopeMutants).toMatchObject({ mutationScore: 80, namedKillScore: 50 });
    expect(stdout).toContain('gate: mutation score 80.00% meets break 50');
  });

  it('should exit 1 on a new survivor and 2 on a missing report', async () => {
    const base = join(dir, 'base.json');
    const head = join(dir, 'head.json');
    const survived = MUTANTS.map(({ killedAt: _killedAt, ...mutant }) => ({
      ...mutant,
      status: 'Survived' as const,
      killedBy: [],
    }));
    await writeFile(base, JSON.stringify(buildJsonReport(makeRun(), { env: {} })));
    await writeFile(
      head,
      JSON.stringify(buildJsonReport(makeRun({ mutants: survived }), { env: {} })),
    );

    const regression = await cli(['diff', base, head, '--json']);
    const missing = await cli(['diff', base, join(dir, 'nope.json')]);

    expect(regression.code).toBe(1);
    expect((JSON.parse(regression.stdout) as { regressions: string[] }).regressions).toContain(
      'survivors',
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json: cannot read the report (ENOENT)');
  });
});
