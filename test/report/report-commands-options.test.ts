import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { isConfigError } from '../../src/errors.js';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { DEFAULT_FAIL_ON } from '../../src/report/diff-reports.js';
import { parseFailOn } from '../../src/cli/diff-command.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';
import { makeRun } from '../support/make-run.js';

let dir = '';
let captured: CapturedOutput = { stdout: '', stderr: '' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-options-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function writeShards(run: MutationRun): Promise<string[]> {
  return Promise.all(
    [1, 2].map(async (index) => {
      const path = join(dir, `shard-${index}.json`);
      const shard = { ...run, mutants: run.mutants.filter((_m, i) => i % 2 === index - 1) };
      await writeFile(
        path,
        JSON.stringify(buildJsonReport(shard, { env: {}, shard: { index, count: 2 } })),
      );
      return path;
    }),
  );
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe('parseFailOn', () => {
  it('should give the default categories when --fail-on is absent', () => {
    expect(parseFailOn(undefined)).toEqual(DEFAULT_FAIL_ON);
  });

  it('should trim the names and drop empty ones and none', () => {
    expect(parseFailOn(' survivors , moved ,,')).toEqual(['survivors', 'moved']);
    expect(parseFailOn('none')).toEqual([]);
  });

  it('should refuse an empty value, which would turn the gate off unasked', () => {
    // An unset CI variable (`--fail-on "$DIFF_FAIL_ON"`) gave no category, and never failed.
    for (const empty of ['', ' ', ',', ' , ']) {
      expect(() => parseFailOn(empty)).toThrow(
        '--fail-on: no category given. Pass a comma-separated list of survivors, moved, unnamed, vanished, appeared, changed, or none to never fail.',
      );
    }
  });

  it('should reject an unknown category listing the known ones', () => {
    let error: unknown;
    try {
      parseFailOn('moved,vanish');
    } catch (caught) {
      error = caught;
    }

    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      '--fail-on: unknown category "vanish". Use a comma-separated list of survivors, moved, unnamed, vanished, appeared, changed (or none).',
    );
  });
});

describe('envelope-mutants diff --help', () => {
  it('should describe the command, its arguments and options', async () => {
    expect(await main(['diff', '--help'])).toBe(0);

    const help = captured.stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      'compare two mutation.json reports: new survivors, moved or unnamed kills, changed sites',
    );
    expect(help).toContain('base the earlier report (e.g. before an SDK upgrade)');
    expect(help).toContain('head the later report');
    expect(help).toContain('--json print the differences as JSON');
    expect(help).toContain(
      'exit 1 when one of these changed: survivors, moved, unnamed, vanished, appeared, changed, or none (default: "survivors,moved,unnamed,vanished")',
    );
  });
});

describe('envelope-mutants diff of shards', () => {
  it('should refuse a shard against a whole run, whose other mutants would all count as new', async () => {
    // Arrange: the whole run, where every mutant survives, and its first shard.
    const run = makeRun();
    const survived = {
      ...run,
      mutants: run.mutants.map((mutant) => {
        const { killedAt: _killedAt, ...rest } = mutant;
        return { ...rest, status: 'Survived' as const, killedBy: [] };
      }),
    };
    const [first] = await writeShards(run);
    const whole = join(dir, 'whole.json');
    await writeFile(whole, JSON.stringify(buildJsonReport(survived, { env: {} })));
    // Act
    const code = await main(['diff', first ?? '', whole]);
    // Assert: until 2026-12-07, exit 1 naming the second shard's mutants new survivors.
    expect(code).toBe(2);
    expect(captured.stderr).toContain(
      `diff: ${first} and ${whole} hold different mutants: the base is shard 1/2 and the head a whole run,`,
    );
    expect(captured.stderr).toContain('envelope-mutants merge shard-*/mutation.json');
    expect(captured.stdout).toBe('');
  });

  it('should compare the same shard of two runs, which hold the same slice of the ids', async () => {
    const [first] = await writeShards(makeRun());

    expect(await main(['diff', first ?? '', first ?? ''])).toBe(0);
    expect(captured.stdout).toContain('envelope-mutants diff');
  });
});

describe('envelope-mutants merge options', () => {
  it('should describe the command, its argument and options', async () => {
    expect(await main(['merge', '--help'])).toBe(0);

    const help = captured.stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      'join the reports of sharded runs (run --shard i/n) into one report, then gate it',
    );
    expect(help).toContain('Arguments: reports the mutation.json of every shard');
    expect(help).toContain(
      'where to write the merged report (default: "reports/envelope-mutants/mutation.json")',
    );
    expect(help).toContain('--no-html do not write the HTML report next to the merged JSON');
  });

  it('should write no HTML with --no-html, and say what it merged', async () => {
    // Arrange
    const out = join(dir, 'merged.json');
    // Act
    const code = await main([
      'merge',
      ...(await writeShards(makeRun())),
      '--out',
      out,
      '--no-html',
    ]);
    // Assert
    expect(code).toBe(0);
    expect(await exists(out)).toBe(true);
    expect(await exists(join(dir, 'merged.html'))).toBe(false);
    expect(captured.stdout).toContain(`merged 2 reports into ${out}\n`);
  });

  it('should add .html to an --out path without .json, next to the JSON', async () => {
    // Arrange
    const out = join(dir, 'merged');
    // Act
    await main(['merge', ...(await writeShards(makeRun())), '--out', out]);
    // Assert
    expect(JSON.parse(await readFile(out, 'utf8'))).toHaveProperty('schemaVersion', '2');
    expect(await readFile(`${out}.html`, 'utf8')).toContain('<html');
  });

  it('should name both files for an --out that names an .htm file', async () => {
    const out = join(dir, 'merged.htm');
    expect(await main(['merge', ...(await writeShards(makeRun())), '--out', out])).toBe(2);
    expect(captured.stderr).toContain(
      `(${join(dir, 'merged.json')} and ${join(dir, 'merged.html')}).`,
    );
  });

  it('should refuse a report given twice, which would count its time and runs twice', async () => {
    // Arrange
    const shards = await writeShards(makeRun());
    const again = `${dir}/./${basename(shards[0] ?? '')}`;
    const out = join(dir, 'merged.json');
    // Act
    const code = await main(['merge', ...shards, again, '--out', out]);
    // Assert
    expect(code).toBe(2);
    expect(captured.stderr).toContain(
      `merge: ${again} is given twice. Pass each shard's report once.`,
    );
    expect(await exists(out)).toBe(false);
    // Negative control: each once.
    expect(await main(['merge', ...shards, '--out', out])).toBe(0);
  });

  it('should refuse an --out that names an HTML file, before it writes anything', async () => {
    // Arrange
    const shards = await writeShards(makeRun());
    const out = join(dir, 'merged.html');
    // Act
    const code = await main(['merge', ...shards, '--out', out]);
    // Assert
    expect(code).toBe(2);
    expect(captured.stderr).toContain(
      `--out: ${out} would hold the merged JSON report. Name a .json file; the HTML report is written beside it (${join(dir, 'merged.json')} and ${out}).`,
    );
    expect(await exists(out)).toBe(false);
    expect(await exists(`${out}.html`)).toBe(false);
  });
});
