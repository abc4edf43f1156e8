import { describe, expect, it } from 'vitest';
import { createConsoleReporter } from '../../src/report/console-reporter.js';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import { buildConsoleSummary } from '../../src/report/console-summary.js';
import {
  expectedKillersOf,
  killedNamed,
  makeRun,
  makeRunOf,
  MUTANTS,
  SHOW_DECISION,
  survived,
  TOOL_ERROR,
  UNKNOWN_TOOL,
} from '../support/make-run.js';

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

  it('should list survivors that share a site and a hint once, under all of their lines', () => {
    // Three variants of change-id at one site: one assertion kills them all.
    const text = buildConsoleSummary(makeRunOf(survived(), 3), {
      expectedKillersOf,
      maxSurvivors: 1,
    });

    const survivorLines = text.split('\n').filter((line) => line.startsWith('  survived'));
    expect(survivorLines).toEqual([
      '  survived change-id: id 41 → 0',
      '  survived change-id: id 41 → 1',
      '  survived change-id: id 41 → 2',
    ]);
    expect(text.split('    site ')).toHaveLength(2);
    expect(text.split("expect(response?.id, 'jsonrpc.id')")).toHaveLength(2);
    // The limit counts blocks: the one block holds all three, none is hidden.
    expect(text).not.toContain('… and');
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

/** The ANSI styles made readable: `\x1b[32m5\x1b[0m` becomes `<green>5</>`. */
function styled(text: string): string[] {
  const names: Readonly<Record<string, string>> = {
    '0': '/',
    '1': 'bold',
    '2': 'dim',
    '31': 'red',
    '32': 'green',
    '33': 'yellow',
  };
  return text
    .replace(/\x1b\[(\d+)m/g, (_, code: string) => `<${names[code] ?? `?${code}`}>`)
    .split('\n');
}

const NO_COVERAGE: MutantResult = {
  id: 'm13',
  siteKey: 'gone-site',
  mutatorName: 'coerce-error-code',
  replacement: 'code -32602 → "-32602"',
  path: ['error', 'code'],
  killedBy: [],
  coveredBy: [],
  status: 'NoCoverage',
};

describe('buildConsoleSummary text', () => {
  it('should print the header, the table sorted by mutator, the scores, the gate, the survivors and the kills short of their rule', () => {
    const text = buildConsoleSummary(makeRun(), { expectedKillersOf });

    expect(text).toBe(
      [
        'envelope-mutants: mcp-2025-11-25, seed 20251125, 12 mutants',
        '',
        'mutator                named  elsewhere  unnamed  survived  timeout  no cov  error',
        'change-id                  1          0        0         0        0       0      0',
        'coerce-error-code          0          0        0         0        1       0      0',
        'corrupt-version            0          0        1         0        0       0      0',
        'demote-protocol-error      1          0        0         0        0       0      0',
        'empty-error-content        0          0        0         1        0       0      0',
        'flip-retryability          1          0        0         0        0       0      0',
        'insert-both-members        0          1        0         0        0       0      0',
        'leak-canary                1          0        0         0        0       0      0',
        'remove-is-error            1          0        0         0        0       0      0',
        'reuse-attempt-id           0          0        0         0        0       0      0',
        'stringify-is-error         0          0        0         0        0       0      1',
        'undocumented-code          0          0        0         1        0       0      0',
        'total                      5          1        1         2        1       0      1',
        '',
        ' 80.00% mutation score   (detected 8 / valid 10)',
        ' 50.00% named-kill score (named kills 5 / valid 10)',
        'ignored 1, pending 0 (not scored)',
        'time: 5.3s (4 vitest runs)',
        'gate: mutation score 80.00% meets break 50',
        '',
        'Survivors (2):',
        '  survived undocumented-code: code -32602 → -32603',
        '    site tools/call > should reject an unknown tool with -32602 / unknown-tool (test/contract/tools.test.ts)',
        '    expected a failure naming jsonrpc.error-code',
        '    add to test/contract/tools.test.ts > "tools/call > should reject an unknown tool with -32602", where `response` is the tools/call response the tap returned (site unknown-tool):',
        "      expect(response, 'jsonrpc.error-code').toHaveProperty('error.code', -32602)",
        '  survived empty-error-content: content → []',
        '    site tools/call > should report a failing tool with isError / tool-error (test/contract/tools.test.ts)',
        '    expected a failure naming mcp.content',
        '    add to test/contract/tools.test.ts > "tools/call > should report a failing tool with isError", where `response` is the tools/call response the tap returned (site tool-error):',
        "      expect(response, 'mcp.content').toHaveProperty('result.content.0.type', 'text')",
        '',
        'Killed, not named (2 with a hint):',
        '  killed insert-both-members: adds result next to error',
        '    killed at an assertion naming another rule; to name it, add before the assertion that failed in test/contract/tools.test.ts > "tools/call > should reject an unknown tool with -32602", where `response` is the tools/call response the tap returned (site unknown-tool):',
        "      expect(response, 'jsonrpc.members').not.toHaveProperty('result')",
        '  killed corrupt-version: jsonrpc "2.0" → "1.0"',
        '    killed, but not at an assertion that names the rule; to name it, add before the assertion that failed in test/contract/tools.test.ts > "tools/call > should reject an unknown tool with -32602", where `response` is the tools/call response the tap returned (site unknown-tool):',
        "      expect(response?.jsonrpc, 'jsonrpc.version').toBe('2.0')",
        '',
      ].join('\n'),
    );
  });

  it('should keep the table as wide as its header when every mutator name is shorter', () => {
    const mutants = makeRunOf(killedNamed(), 1).mutants.map((m) => ({ ...m, mutatorName: 'ab' }));

    const lines = buildConsoleSummary(makeRun({ mutants })).split('\n');

    expect(lines.slice(2, 5)).toEqual([
      'mutator  named  elsewhere  unnamed  survived  timeout  no cov  error',
      'ab           1          0        0         0        0       0      0',
      'total        1          0        0         0        0       0      0',
    ]);
  });

  it('should end at the gate, with no survivor section, when every mutant is detected', () => {
    const text = buildConsoleSummary(makeRunOf(killedNamed(), 2));

    expect(text.endsWith('\ngate: mutation score 100.00% meets break 50\n')).toBe(true);
    expect(text).not.toContain('Survivors');
  });

  it('should count the ignored and the pending mutants apart, and say nothing when there are none', () => {
    const pending: MutantResult = { ...NO_COVERAGE, siteKey: 'unknown-tool', status: 'Pending' };

    const withBoth = buildConsoleSummary(makeRun({ mutants: [...MUTANTS, pending] }));
    const withNone = buildConsoleSummary(makeRunOf(killedNamed(), 2));

    expect(withBoth).toContain('\ngate: mutation score 80.00% meets break 50\n');
    expect(withBoth).toContain('\nignored 1, pending 1 (not scored)\n');
    expect(withNone).not.toContain('not scored');
  });

  it('should list a mutant no test covers, at a site the run does not know, with no test names', () => {
    const text = buildConsoleSummary(makeRun({ mutants: [NO_COVERAGE] }), { hints: new Map() });

    expect(text.split('\n').slice(-4)).toEqual([
      'Survivors (1):',
      '  no coverage coerce-error-code: code -32602 → "-32602"',
      '    site gone-site (?)',
      '',
    ]);
  });

  it("should name every test of a survivor's site, by id when the run has no name for it", () => {
    const site = { ...UNKNOWN_TOOL, testIds: ['a91f_0_0', 'gone_0_7'] };
    const silent = { ...TOOL_ERROR, testIds: [] };
    const run = makeRun({ sites: [site, silent, SHOW_DECISION] });

    const text = buildConsoleSummary(run, { hints: new Map() });

    expect(text).toContain(
      '\n    site tools/call > should reject an unknown tool with -32602, gone_0_7 / unknown-tool (test/contract/tools.test.ts)\n',
    );
    expect(text).toContain('\n    site tool-error (test/contract/tools.test.ts)\n');
  });

  it('should give every expected rule of a survivor, and none when the caller knows none', () => {
    const withTwo = buildConsoleSummary(makeRun(), {
      expectedKillersOf: () => ['jsonrpc.error-shape', 'jsonrpc.error-code'],
    });
    const withNone = buildConsoleSummary(makeRun());

    expect(withTwo).toContain(
      '\n    expected a failure naming jsonrpc.error-shape or jsonrpc.error-code\n',
    );
    expect(withNone).not.toContain('expected a failure');
  });

  it('should print no hint line for a survivor without a hint', () => {
    const text = buildConsoleSummary(makeRun(), { hints: new Map() });

    expect(text).not.toContain('add to');
    expect(text).toContain('\n  survived empty-error-content: content → []\n');
  });
});

describe('buildConsoleSummary colours', () => {
  it('should make the header bold, named kills green, undetected red, other outcomes yellow, zeros dim', () => {
    const run = makeRun({ mutants: [...MUTANTS, { ...NO_COVERAGE, siteKey: 'unknown-tool' }] });

    const lines = styled(buildConsoleSummary(run, { color: true, hints: new Map() }));

    expect(lines[0]).toBe('<bold>envelope-mutants: mcp-2025-11-25, seed 20251125, 13 mutants</>');
    expect(lines[2]).toBe(
      '<bold>mutator                named  elsewhere  unnamed  survived  timeout  no cov  error</>',
    );
    expect(lines[15]).toBe(
      'total                  <green>    5</>  <yellow>        1</>  <yellow>      1</>  <red>       2</>  <yellow>      1</>  <red>     1</>  <yellow>    1</>',
    );
    expect(lines[3]).toBe(
      'change-id              <green>    1</>  <dim>        0</>  <dim>      0</>  <dim>       0</>  <dim>      0</>  <dim>     0</>  <dim>    0</>',
    );
    expect(lines.slice(22, 24)).toEqual(['', '<bold>Survivors (3):</>']);
    expect(lines).toContain('  <red>no coverage</> coerce-error-code: code -32602 → "-32602"');
    expect(lines).toContain('  <red>survived</> undocumented-code: code -32602 → -32603');
  });

  it('should colour a score green from high, yellow from low, red below low', () => {
    const atHigh = styled(buildConsoleSummary(makeRun(), { color: true }));
    const atLow = styled(
      buildConsoleSummary(makeRun({ thresholds: { high: 90, low: 50, break: 50 } }), {
        color: true,
      }),
    );

    expect(atHigh[17]).toBe('<green> 80.00%</> mutation score   (detected 8 / valid 10)');
    expect(atHigh[18]).toBe('<red> 50.00%</> named-kill score (named kills 5 / valid 10)');
    expect(atLow[17]).toBe('<yellow> 80.00%</> mutation score   (detected 8 / valid 10)');
    expect(atLow[18]).toBe('<yellow> 50.00%</> named-kill score (named kills 5 / valid 10)');
  });

  it('should leave an undefined score (no valid mutant) uncoloured', () => {
    const run = makeRunOf({ status: 'Ignored' }, 1);

    const lines = styled(buildConsoleSummary(run, { color: true }));

    expect(lines).toContain('    n/a mutation score   (detected 0 / valid 0)');
    expect(lines).toContain('    n/a named-kill score (named kills 0 / valid 0)');
  });

  it('should colour a passing gate green and a failing one red', () => {
    const passing = styled(buildConsoleSummary(makeRun(), { color: true }));
    const failing = styled(buildConsoleSummary(makeRunOf(survived(), 2), { color: true }));

    expect(passing).toContain('<green>gate: mutation score 80.00% meets break 50</>');
    expect(failing.find((line) => line.includes('gate:'))).toMatch(/^<red>gate: .*<\/>$/);
  });
});
