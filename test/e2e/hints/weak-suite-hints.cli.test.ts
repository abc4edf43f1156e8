// The hints must work, not just read well: run the weak example, paste every survivor's hint into
// its covering test mechanically, run again, and every mutant a hint targeted is killed named.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempCopy } from '../../support/temp-copy.js';
import { applyHints, type ReportHint } from './apply-hints.js';

interface Mutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly status: string;
  readonly killedAt?: { readonly rule: string | null; readonly named: boolean };
  readonly hint?: ReportHint & { readonly testFile: string };
}

const WEAK = 'examples/mcp-server-weak';
let copy: string;

beforeAll(() => {
  // The examples (they import each other) and the tsconfig they extend, with the repository's
  // build and modules where their vitest config expects them.
  copy = tempCopy(['examples', 'tsconfig.json']).dir;
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

async function run(): Promise<Mutant[]> {
  const root = join(copy, WEAK);
  // vmForks (instanced rounds, no confirmation in the project's pool): the hints, not the pools,
  // are under test here; test/e2e/runner checks that the pools give the same verdicts.
  await runCli(['run', '--root', root, '--reporters', 'json', '--pool', 'vmForks'], { cwd: copy });
  const report = JSON.parse(
    readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8'),
  ) as { files: Record<string, { mutants: Mutant[] }> };
  return Object.values(report.files).flatMap((file) => file.mutants);
}

const label = (m: Mutant): string => `${m.mutatorName} ${m.id}`;

describe('survivor hints on examples/mcp-server-weak', () => {
  it('should kill, at a named rule, every survivor whose hint was pasted in', async () => {
    const before = await run();
    const hinted = before.filter((m) => m.status === 'Survived' && m.hint !== undefined);
    expect(hinted.length).toBeGreaterThan(0);
    const files = new Set(hinted.map((m) => m.hint?.testFile ?? ''));
    for (const file of files) {
      const path = join(copy, WEAK, file);
      const hints = hinted.flatMap((m) => (m.hint?.testFile === file ? [m.hint] : []));
      writeFileSync(path, applyHints(readFileSync(path, 'utf8'), hints));
    }

    const after = new Map((await run()).map((m) => [m.id, m]));

    const notNamed = hinted
      .filter((m) => after.get(m.id)?.killedAt?.named !== true)
      .map((m) => `${label(m)}: ${after.get(m.id)?.status ?? 'gone'}`);
    expect(notNamed).toEqual([]);
    const survivorsLeft = [...after.values()].filter((m) => m.status === 'Survived').map(label);
    const withoutHint = before.filter((m) => m.status === 'Survived' && m.hint === undefined);
    expect(survivorsLeft).toEqual(withoutHint.map(label));
  }, 1_200_000);
});
