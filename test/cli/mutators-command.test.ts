import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { allMutators, harmlessMutators, swapErrorResult } from '../../mutators/index.js';
import { main } from '../../src/cli/main.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import {
  describeMutators,
  registerMutatorsCommand,
  renderMutatorsMarkdown,
  renderMutatorsTable,
} from '../../src/cli/mutators-command.js';

/** What the command lists: the default catalogue, then the harmless mutators. */
const CATALOGUE = [...allMutators, ...harmlessMutators];

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
    expect(lines).toHaveLength(CATALOGUE.length + 1);
    expect(lines[1]).toMatch(/^swap-error-result +envelope +mcp\.layer, jsonrpc\.members +Moves/);
  });

  it('should print the catalogue as JSON with --json', async () => {
    const out = await runCommand(['mutators', '--json']);
    const parsed = JSON.parse(out) as unknown;
    expect(parsed).toStrictEqual(describeMutators());
    expect((parsed as { name: string }[]).map((info) => info.name)).toStrictEqual(
      CATALOGUE.map((mutator) => mutator.name),
    );
    expect((parsed as { harmless: boolean }[]).filter((info) => info.harmless)).toHaveLength(
      harmlessMutators.length,
    );
  });

  it('should print the Markdown table with --markdown', async () => {
    const out = await runCommand(['mutators', '--markdown']);
    expect(out).toBe(`${renderMutatorsMarkdown()}\n`);
    expect(out).toContain('| `change-id` | envelope | `jsonrpc.id` |');
    expect(out).toContain('| `reword-message` | envelope | none (harmless) |');
  });
});

/** Two small catalogue entries whose widths are known: a short and a long name. */
const SMALL: readonly Mutator[] = [
  {
    ...swapErrorResult,
    name: 'a',
    layer: 'envelope',
    expectedKillers: ['jsonrpc.id'],
    description: 'First.',
  },
  {
    ...swapErrorResult,
    name: 'long-mutator-name',
    layer: 'decision',
    expectedKillers: ['policy.action'],
    description: 'Second | with a pipe.',
  },
];

describe('renderMutatorsTable', () => {
  it('should pad each column but the last to its widest cell or title, two spaces apart', () => {
    // Act
    const table = renderMutatorsTable(SMALL);

    // Assert: mutator is 17 wide (a name), layer 8 (a layer), expected killers 16 (its title).
    expect(table.split('\n')).toStrictEqual([
      'mutator            layer     expected killers  description',
      'a                  envelope  jsonrpc.id        First.',
      'long-mutator-name  decision  policy.action     Second | with a pipe.',
    ]);
  });

  it('should align every column of the whole catalogue and leave no trailing spaces', () => {
    const lines = renderMutatorsTable().split('\n');
    const start = lines[0]?.indexOf('description') ?? -1;

    expect(start).toBeGreaterThan(0);
    for (const [index, line] of lines.entries()) {
      expect(line, line).not.toMatch(/\s$/);
      expect(line.slice(start - 2, start), line).toBe('  ');
      expect(line.slice(start), line).toBe(
        index === 0 ? 'description' : CATALOGUE[index - 1]?.description,
      );
    }
  });
});

describe('renderMutatorsMarkdown', () => {
  it('should escape a pipe in a description so the row keeps four cells', () => {
    expect(renderMutatorsMarkdown(SMALL).split('\n')).toStrictEqual([
      '| mutator | layer | expected killers | what it does |',
      '| --- | --- | --- | --- |',
      '| `a` | envelope | `jsonrpc.id` | First. |',
      '| `long-mutator-name` | decision | `policy.action` | Second \\| with a pipe. |',
    ]);
  });
});

describe('the mutators command help', () => {
  it('should describe the command and both of its options', () => {
    // Arrange
    const program = new Command('envelope-mutants');
    registerMutatorsCommand(program, () => undefined);

    // Act
    const command = program.commands.find((candidate) => candidate.name() === 'mutators');

    // Assert
    expect(command?.description()).toBe(
      'list the mutator catalogue: name, layer, expected killers, description',
    );
    expect(command?.options.map((option) => [option.long, option.description])).toStrictEqual([
      ['--json', 'print the catalogue as JSON'],
      ['--markdown', 'print the catalogue as a Markdown table (docs/reference/mutators.md)'],
    ]);
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

  it('should refuse --json with --markdown, which would print one and drop the other', async () => {
    // Arrange
    const stderr: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    let code = -1;
    // Act
    const out = await captureStdout(async () => {
      code = await main(['mutators', '--json', '--markdown']).finally(() => write.mockRestore());
    });
    // Assert
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(stderr.join('')).toContain(
      "error: option '--json' cannot be used with option '--markdown'",
    );
  });
});
