import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { main } from '../../src/cli.js';
import {
  describeMutators,
  renderMutatorsMarkdown,
  renderMutatorsTable,
} from '../../src/mutant/mutators-command.js';

async function runCli(args: readonly string[]): Promise<{ code: number; out: string }> {
  const chunks: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    const code = await main(args);
    return { code, out: chunks.join('') };
  } finally {
    write.mockRestore();
  }
}

describe('envelope-mutants mutators', () => {
  it('should print one table row per mutator with its layer and expected killers', async () => {
    const { code, out } = await runCli(['mutators']);
    expect(code).toBe(0);
    expect(out).toBe(`${renderMutatorsTable()}\n`);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(allMutators.length + 1);
    expect(lines[1]).toMatch(/^swap-error-result +envelope +mcp\.layer, jsonrpc\.members +Moves/);
  });

  it('should print the catalogue as JSON with --json', async () => {
    const { code, out } = await runCli(['mutators', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as unknown;
    expect(parsed).toStrictEqual(describeMutators());
    expect((parsed as { name: string }[]).map((info) => info.name)).toStrictEqual(
      allMutators.map((mutator) => mutator.name),
    );
  });

  it('should print the Markdown table with --markdown', async () => {
    const { out } = await runCli(['mutators', '--markdown']);
    expect(out).toBe(`${renderMutatorsMarkdown()}\n`);
    expect(out).toContain('| `change-id` | envelope | `jsonrpc.id` |');
  });
});

describe('the README mutator table', () => {
  it('should equal the generated catalogue between the mutators markers', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const match = /<!-- mutators:start -->\n([\s\S]*?)\n<!-- mutators:end -->/.exec(readme);
    expect(match, 'README.md lacks the <!-- mutators:start/end --> markers').not.toBeNull();
    expect(match?.[1]?.trim()).toBe(renderMutatorsMarkdown());
  });
});
