import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { main } from '../../src/cli.js';
import {
  describeMutators,
  registerMutatorsCommand,
  renderMutatorsMarkdown,
  renderMutatorsTable,
} from '../../src/mutant/mutators-command.js';

/** Runs the command alone on a fresh program, so other commands' modules are not involved. */
async function runCommand(args: readonly string[]): Promise<string> {
  const program = new Command('envelope-mutants').exitOverride();
  registerMutatorsCommand(program, () => undefined);
  return captureStdout(async () => {
    await program.parseAsync([...args], { from: 'user' });
  });
}

async function captureStdout(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    await run();
    return chunks.join('');
  } finally {
    write.mockRestore();
  }
}

describe('envelope-mutants mutators', () => {
  it('should print one table row per mutator with its layer and expected killers', async () => {
    const out = await runCommand(['mutators']);
    expect(out).toBe(`${renderMutatorsTable()}\n`);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(allMutators.length + 1);
    expect(lines[1]).toMatch(/^swap-error-result +envelope +mcp\.layer, jsonrpc\.members +Moves/);
  });

  it('should print the catalogue as JSON with --json', async () => {
    const out = await runCommand(['mutators', '--json']);
    const parsed = JSON.parse(out) as unknown;
    expect(parsed).toStrictEqual(describeMutators());
    expect((parsed as { name: string }[]).map((info) => info.name)).toStrictEqual(
      allMutators.map((mutator) => mutator.name),
    );
  });

  it('should print the Markdown table with --markdown', async () => {
    const out = await runCommand(['mutators', '--markdown']);
    expect(out).toBe(`${renderMutatorsMarkdown()}\n`);
    expect(out).toContain('| `change-id` | envelope | `jsonrpc.id` |');
  });
});

describe('the CLI', () => {
  it('should register the mutators command', async () => {
    let code = -1;
    const out = await captureStdout(async () => {
      code = await main(['mutators', '--json']);
    });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toStrictEqual(describeMutators());
  });
});

/** A Markdown table as its cells: the column padding a formatter adds is no part of the table. */
function cellsOf(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim())
        .map((cell) => (/^-+$/.test(cell) ? '---' : cell)),
    );
}

describe('the README mutator table', () => {
  it('should equal the generated catalogue between the mutators markers', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const match = /<!-- mutators:start -->\n([\s\S]*?)\n<!-- mutators:end -->/.exec(readme);
    expect(match, 'README.md lacks the <!-- mutators:start/end --> markers').not.toBeNull();
    expect(cellsOf(match?.[1] ?? '')).toEqual(cellsOf(renderMutatorsMarkdown()));
  });

  it('should tell a padded table from one with another cell (negative control)', () => {
    const table = renderMutatorsMarkdown();
    const padded = table.replace(/ \| /g, '   |   ').replace(/---/g, '------');
    const edited = table.replace('Deletes isError', 'Removes isError');
    expect(cellsOf(padded)).toEqual(cellsOf(table));
    expect(cellsOf(edited)).not.toEqual(cellsOf(table));
  });
});
