import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { makeRun, MUTANTS } from '../support/make-run.js';
import { captureOutput, type CapturedOutput } from '../support/capture-output.js';

let dir = '';
let captured: CapturedOutput = { stdout: '', stderr: '' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-commands-'));
  captured = captureOutput();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function writeReport(
  name: string,
  run: MutationRun,
  shard?: { index: number; count: number },
): Promise<string> {
  const path = join(dir, name);
  const report = buildJsonReport(run, { env: {}, ...(shard === undefined ? {} : { shard }) });
  await writeFile(path, JSON.stringify(report));
  return path;
}

const survivorRun = (): MutationRun =>
  makeRun({
    mutants: MUTANTS.map((mutant) => {
      const { killedAt: _killedAt, ...rest } = mutant;
      return mutant.id === 'm01' ? { ...rest, status: 'Survived', killedBy: [] } : mutant;
    }),
  });

describe('envelope-mutants diff', () => {
  it('should exit 0 without a regression and 1 with one', async () => {
    const base = await writeReport('base.json', makeRun());
    const head = await writeReport('head.json', survivorRun());

    expect(await main(['diff', base, base])).toBe(0);
    expect(captured.stdout).toContain('no regression');
    expect(await main(['diff', base, head])).toBe(1);
    expect(captured.stdout).toContain('regression: survivors');
  });

  it('should follow --fail-on and print JSON with --json', async () => {
    const base = await writeReport('base.json', makeRun());
    const head = await writeReport('head.json', survivorRun());

    expect(await main(['diff', base, head, '--fail-on', 'none'])).toBe(0);
    captured.stdout = '';
    expect(await main(['diff', base, head, '--json', '--fail-on', 'survivors,changed'])).toBe(1);
    const printed = JSON.parse(captured.stdout) as {
      regressions: string[];
      newSurvivors: { id: string }[];
    };
    expect(printed.regressions).toEqual(['survivors']);
    expect(printed.newSurvivors.map((change) => change.id)).toEqual(['m01']);
  });

  it('should exit 2 naming the path of a missing, non-JSON or foreign report', async () => {
    const base = await writeReport('base.json', makeRun());
    const notJson = join(dir, 'not.json');
    await writeFile(notJson, '{ "schemaVersion": ');
    const foreign = join(dir, 'stryker.json');
    await writeFile(
      foreign,
      JSON.stringify({ schemaVersion: '2', thresholds: { high: 80, low: 60 }, files: {} }),
    );

    expect(await main(['diff', base, join(dir, 'missing.json')])).toBe(2);
    expect(captured.stderr).toContain(
      `${join(dir, 'missing.json')}: cannot read the report (ENOENT)`,
    );
    expect(await main(['diff', notJson, base])).toBe(2);
    expect(captured.stderr).toContain(`${notJson}: not JSON`);
    expect(await main(['diff', base, foreign])).toBe(2);
    expect(captured.stderr).toContain(`${foreign}: not written by envelope-mutants`);
  });

  it('should exit 2 on an unknown --fail-on category', async () => {
    const base = await writeReport('base.json', makeRun());

    expect(await main(['diff', base, base, '--fail-on', 'survivor'])).toBe(2);
    expect(captured.stderr).toContain('--fail-on: unknown category "survivor"');
  });
});

describe('envelope-mutants merge', () => {
  async function shards(run: MutationRun): Promise<string[]> {
    return Promise.all(
      [1, 2, 3].map((index) =>
        writeReport(
          `shard-${index}.json`,
          { ...run, mutants: run.mutants.filter((_m, i) => i % 3 === index - 1) },
          { index, count: 3 },
        ),
      ),
    );
  }

  it('should write the merged JSON and HTML and exit with the gate', async () => {
    const out = join(dir, 'merged', 'mutation.json');

    const code = await main(['merge', ...(await shards(makeRun())), '--out', out]);

    expect(code).toBe(0);
    const merged = JSON.parse(await readFile(out, 'utf8')) as {
      envelopeMutants: { mutationScore: number };
    };
    expect(reportSchemaErrors(merged)).toEqual([]);
    expect(merged.envelopeMutants.mutationScore).toBe(80);
    expect(await readFile(join(dir, 'merged', 'mutation.html'), 'utf8')).toContain(
      'Named-kill score <b>50.00%</b>',
    );
    expect(captured.stdout).toContain('named-kill score');
  });

  it('should exit 1 when the merged run is below break', async () => {
    const run = makeRun({ thresholds: { high: 95, low: 90, break: 85 } });

    expect(
      await main(['merge', ...(await shards(run)), '--out', join(dir, 'm.json'), '--no-html']),
    ).toBe(1);
    expect(captured.stdout).toContain('is below break 85: gate failed');
  });

  it('should exit 2 on overlapping shards with different verdicts', async () => {
    const one = await writeReport('one.json', makeRun());
    const two = await writeReport('two.json', survivorRun());

    expect(await main(['merge', one, two, '--out', join(dir, 'm.json')])).toBe(2);
    expect(captured.stderr).toContain(
      `merge: mutant m01 is Killed at jsonrpc.id in ${one} but Survived in ${two}`,
    );
  });
});

describe('envelope-mutants diff, merge and stryker on a file that is not JSON', () => {
  // A secret-looking value near the mistake: V8's JSON.parse message quotes the text there.
  const TEXT = '{\n  "schemaVersion": "2",\n  "token": "ghp_NOTJSON1234"\n  "files": {}\n}\n';

  it.each([
    ['diff', (bad: string, good: string) => ['diff', bad, good]],
    [
      'merge',
      (bad: string, good: string) => ['merge', good, bad, '--out', join(dir, 'merged.json')],
    ],
    ['stryker', (bad: string) => ['stryker', bad, '--root', dir]],
  ])(
    'should exit 2 from %s with one line naming the file and the position, quoting nothing',
    async (_, args) => {
      // Arrange
      const bad = join(dir, 'bad.json');
      await writeFile(bad, TEXT);
      const good = await writeReport('good.json', makeRun());
      // Act
      const code = await main(args(bad, good));
      // Assert
      expect(code).toBe(2);
      expect(captured.stderr).toMatch(
        new RegExp(
          `^envelope-mutants: ${bad}: not JSON \\(line 4, column 3\\)\\. Pass [^\\n]+\\n$`,
        ),
      );
      expect(captured.stderr).not.toContain('ghp_');
    },
  );
});
