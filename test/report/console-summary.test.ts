import { describe, expect, it } from 'vitest';
import { createConsoleReporter } from '../../src/report/console-reporter.js';
import { buildConsoleSummary } from '../../src/report/console-summary.js';
import { expectedKillersOf, makeRun } from './fixtures.js';

const ANSI = /\x1b\[/;

function rowOf(text: string, mutator: string): string[] {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${mutator} `));
  return (line ?? '').trim().split(/\s+/);
}

function collector(): { text: () => string; write: (chunk: string) => void } {
  let text = '';
  return { text: () => text, write: (chunk) => void (text += chunk) };
}

describe('buildConsoleSummary', () => {
  it('should count each mutator in its outcome column', () => {
    const text = buildConsoleSummary(makeRun());

    expect(rowOf(text, 'mutator')).toEqual([
      'mutator',
      'named',
      'elsewhere',
      'unnamed',
      'survived',
      'timeout',
      'no',
      'cov',
      'error',
    ]);
    expect(rowOf(text, 'change-id')).toEqual(['change-id', '1', '0', '0', '0', '0', '0', '0']);
    expect(rowOf(text, 'insert-both-members')).toEqual([
      'insert-both-members',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(rowOf(text, 'corrupt-version')).toEqual([
      'corrupt-version',
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(rowOf(text, 'coerce-error-code')).toEqual([
      'coerce-error-code',
      '0',
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
    ]);
    expect(rowOf(text, 'stringify-is-error')).toEqual([
      'stringify-is-error',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '1',
    ]);
    expect(rowOf(text, 'total')).toEqual(['total', '5', '1', '1', '2', '1', '0', '1']);
  });

  it('should show both scores and the gate', () => {
    const text = buildConsoleSummary(makeRun());

    expect(text).toContain(' 80.00% mutation score   (detected 8 / valid 10)');
    expect(text).toContain(' 50.00% named-kill score (named kills 5 / valid 10)');
    expect(text).toContain('gate: mutation score 80.00% meets break 50');
  });

  it('should list every survivor with its site, replacement and expected rule', () => {
    const text = buildConsoleSummary(makeRun(), { expectedKillersOf });

    expect(text).toContain('Survivors (2):');
    expect(text).toContain('survived undocumented-code: code -32602 → -32603');
    expect(text).toContain(
      'site tools/call > should reject an unknown tool with -32602 / unknown-tool (test/contract/tools.test.ts)',
    );
    expect(text).toContain('expected a failure naming jsonrpc.error-code');
    expect(text).toContain('survived empty-error-content: content → []');
  });

  it('should list only the first maxSurvivors survivors and say how many more the reports hold', () => {
    const text = buildConsoleSummary(makeRun(), { expectedKillersOf, maxSurvivors: 1 });

    expect(text).toContain('Survivors (2):');
    expect(text).toContain('survived undocumented-code: code -32602 → -32603');
    expect(text).not.toContain('survived empty-error-content');
    expect(text).toContain('… and 1 more: every survivor and its hint is in mutation.json');
  });

  it('should not mention hidden survivors when all of them fit', () => {
    expect(buildConsoleSummary(makeRun(), { maxSurvivors: 2 })).not.toContain('… and');
  });

  it('should write no ANSI escape without colour and some with it', () => {
    expect(buildConsoleSummary(makeRun())).not.toMatch(ANSI);
    expect(buildConsoleSummary(makeRun(), { color: true })).toMatch(ANSI);
  });
});

describe('createConsoleReporter', () => {
  it('should colour on a TTY only, and never under NO_COLOR', async () => {
    const tty = collector();
    const noColor = collector();
    const pipe = collector();

    await createConsoleReporter({ stream: tty, isTTY: true, env: {} }).onRunComplete?.(makeRun());
    await createConsoleReporter({
      stream: noColor,
      isTTY: true,
      env: { NO_COLOR: '1' },
    }).onRunComplete?.(makeRun());
    await createConsoleReporter({ stream: pipe, isTTY: false, env: {} }).onRunComplete?.(makeRun());

    expect(tty.text()).toMatch(ANSI);
    expect(noColor.text()).not.toMatch(ANSI);
    expect(pipe.text()).not.toMatch(ANSI);
    expect(pipe.text()).toContain('named-kill score');
  });

  it('should redact secrets from what it writes', async () => {
    const out = collector();
    const run = makeRun({
      mutants: makeRun().mutants.map((m) => ({ ...m, replacement: `leaks tok_123456` })),
    });

    await createConsoleReporter({
      stream: out,
      isTTY: false,
      env: { API_TOKEN: 'tok_123456' },
    }).onRunComplete?.(run);

    expect(out.text()).toContain('[redacted $API_TOKEN]');
    expect(out.text()).not.toContain('tok_123456');
  });
});

describe('createConsoleReporter defaults', () => {
  it("should name a survivor's expected rule from the mutator catalogue", async () => {
    const out = collector();

    await createConsoleReporter({ stream: out, isTTY: false, env: {} }).onRunComplete?.(makeRun());

    expect(out.text()).toContain('expected a failure naming mcp.content');
  });
});

describe('buildConsoleSummary survivor hints', () => {
  it('should print under each survivor the assertion that would kill it, and where it goes', () => {
    const text = buildConsoleSummary(makeRun());

    expect(text).toContain(
      `    add to test/contract/tools.test.ts > "tools/call > should reject an unknown tool with -32602"`,
    );
    expect(text).toContain(
      `      expect(response, 'jsonrpc.error-code').toHaveProperty('error.code', -32602)`,
    );
    expect(text).toContain(
      `      expect(response, 'mcp.content').toHaveProperty('result.content.0.type', 'text')`,
    );
  });

  it('should print no hint for a killed mutant (negative control)', () => {
    const text = buildConsoleSummary(makeRun());

    expect(text).not.toContain(`expect(response?.id, 'jsonrpc.id')`);
  });
});
