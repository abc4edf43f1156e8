import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MutationRun } from '../../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../../src/report/build-json-report.js';
import { reportSchemaErrors } from '../../../src/report/validate-report.js';
import { makeRun, MUTANTS } from '../../support/make-run.js';
import { runCli } from '../../support/run-cli.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

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

    const { exitCode, stdout } = await runCli(['merge', ...shards, '--out', out]);

    expect(exitCode).toBe(0);
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

    const regression = await runCli(['diff', base, head, '--json']);
    const missing = await runCli(['diff', base, join(dir, 'nope.json')]);

    expect(regression.exitCode).toBe(1);
    expect((JSON.parse(regression.stdout) as { regressions: string[] }).regressions).toContain(
      'survivors',
    );
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('nope.json: cannot read the report (ENOENT)');
  });
});
