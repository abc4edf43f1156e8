import { describe, expect, it } from 'vitest';
import type { MutantChange, ReportDiff, SiteChange } from '../../src/report/diff-reports.js';
import { formatDiff } from '../../src/report/format-diff.js';

/** A diff with nothing in it: the scores stay, no category has an entry. */
function emptyDiff(overrides: Partial<ReportDiff> = {}): ReportDiff {
  return {
    newSurvivors: [],
    movedKills: [],
    lostNames: [],
    newKills: [],
    sitesAppeared: [],
    sitesVanished: [],
    sitesChanged: [],
    scores: {
      base: { mutationScore: 80, namedKillScore: 50 },
      head: { mutationScore: 70, namedKillScore: 45.5 },
    },
    notes: [],
    ...overrides,
  };
}

function change(id: string, overrides: Partial<MutantChange>): MutantChange {
  return {
    id,
    siteKey: 'unknown-tool',
    mutatorName: 'change-id',
    replacement: 'id 41 → "41"',
    head: { status: 'Survived' },
    ...overrides,
  };
}

const NAMED_AT_ID = { test: 'a91f_0_0', rule: 'jsonrpc.id', named: true } as const;

const APPEARED: SiteChange = {
  siteKey: 'resource-not-found',
  testFile: 'test/contract/resources.test.ts',
  head: '{\n  "id": 7\n}',
};

const VANISHED: SiteChange = {
  siteKey: 'tool-error',
  testFile: 'test/contract/tools.test.ts',
  base: '{\n  "id": 42\n}',
};

/** MCP 2025-11-25 tools: an unknown tool answered as a protocol error, then as an isError result. */
const CHANGED: SiteChange = {
  siteKey: 'unknown-tool',
  testFile: 'test/contract/tools.test.ts',
  base: '{\n  "id": 41,\n  "error": {\n    "code": -32602\n  }\n}',
  head: '{\n  "id": 41,\n  "result": {\n    "isError": true\n  }\n}',
};

describe('formatDiff', () => {
  it('should print only the scores and "no regression" for an empty diff', () => {
    expect(formatDiff(emptyDiff(), [])).toBe(
      [
        'mutation score   80.00% → 70.00%',
        'named-kill score 50.00% → 45.50%',
        '',
        'no regression',
        '',
      ].join('\n'),
    );
  });

  it('should print n/a for a score a report does not have', () => {
    const diff = emptyDiff({
      scores: {
        base: { mutationScore: null, namedKillScore: null },
        head: { mutationScore: 100, namedKillScore: null },
      },
    });

    expect(formatDiff(diff, []).split('\n').slice(0, 2)).toEqual([
      'mutation score   n/a → 100.00%',
      'named-kill score n/a → n/a',
    ]);
  });

  it('should print every category in order, each mutant with its verdict before and after', () => {
    const diff = emptyDiff({
      notes: ['seeds differ (20251125 → 1): the mutants are not the same'],
      newSurvivors: [
        change('m01', { base: { status: 'Killed', killedAt: NAMED_AT_ID } }),
        change('m13', { mutatorName: 'leak-canary', replacement: 'text += canary' }),
      ],
      movedKills: [
        change('m04', {
          mutatorName: 'insert-both-members',
          replacement: 'adds result next to error',
          base: { status: 'Killed', killedAt: { ...NAMED_AT_ID, rule: 'mcp.layer' } },
          head: { status: 'Killed', killedAt: { ...NAMED_AT_ID, rule: 'jsonrpc.members' } },
        }),
      ],
      lostNames: [
        change('m02', {
          mutatorName: 'demote-protocol-error',
          replacement: 'error -32602 → isError tool result',
          base: { status: 'Killed', killedAt: { ...NAMED_AT_ID, rule: 'mcp.layer' } },
          head: { status: 'Killed', killedAt: { test: 'a91f_0_0', rule: null, named: false } },
        }),
      ],
      newKills: [
        change('m03', {
          mutatorName: 'undocumented-code',
          replacement: 'code -32602 → -32603',
          base: { status: 'NoCoverage' },
          head: { status: 'Killed' },
        }),
      ],
      sitesAppeared: [APPEARED],
      sitesVanished: [VANISHED],
      sitesChanged: [CHANGED],
    });

    const text = formatDiff(diff, ['survivors', 'moved', 'unnamed', 'vanished']);

    expect(text).toBe(
      [
        'mutation score   80.00% → 70.00%',
        'named-kill score 50.00% → 45.50%',
        'note: seeds differ (20251125 → 1): the mutants are not the same',
        '',
        'New survivors (2):',
        '  change-id at unknown-tool: id 41 → "41" — Killed at jsonrpc.id → Survived',
        '  leak-canary at unknown-tool: text += canary — new → Survived',
        '',
        'Kills moved to another rule (1):',
        '  insert-both-members at unknown-tool: adds result next to error — Killed at mcp.layer → Killed at jsonrpc.members',
        '',
        'Kills that lost their name (1):',
        '  demote-protocol-error at unknown-tool: error -32602 → isError tool result — Killed at mcp.layer → Killed at (no rule) (unnamed)',
        '',
        'New kills (1):',
        '  undocumented-code at unknown-tool: code -32602 → -32603 — NoCoverage → Killed',
        '',
        'Sites that appeared (1):',
        '  resource-not-found (test/contract/resources.test.ts)',
        '',
        'Sites that vanished (1):',
        '  tool-error (test/contract/tools.test.ts)',
        '',
        'Sites that changed shape (1):',
        '  unknown-tool (test/contract/tools.test.ts)',
        '    - "error": {',
        '    - "code": -32602',
        '    + "result": {',
        '    + "isError": true',
        '',
        'regression: survivors, moved, unnamed, vanished (see --fail-on)',
        '',
      ].join('\n'),
    );
  });

  it('should print no changed line for a site whose text is the same on both sides (negative control)', () => {
    const same: SiteChange = { ...CHANGED, head: CHANGED.base ?? '' };

    const text = formatDiff(emptyDiff({ sitesChanged: [same] }), ['changed']);

    expect(text).toContain(
      'Sites that changed shape (1):\n  unknown-tool (test/contract/tools.test.ts)\n\n',
    );
    expect(text).not.toMatch(/^ {4}[-+] /m);
  });

  it('should list every line of a site that one side lacks entirely', () => {
    const onlyHead: SiteChange = { siteKey: 'new', testFile: 't.ts', head: '{\n}' };
    const onlyBase: SiteChange = { siteKey: 'old', testFile: 't.ts', base: '[\n]' };

    const text = formatDiff(emptyDiff({ sitesChanged: [onlyHead, onlyBase] }), []);

    expect(text).toContain(
      'Sites that changed shape (2):\n  new (t.ts)\n    - \n    + {\n    + }\n  old (t.ts)\n    - [\n    - ]\n    + \n',
    );
  });

  it('should print a verdict that is not a kill by its status alone, whatever killedAt it carries', () => {
    const timedOut = change('m06', {
      base: { status: 'Killed', killedAt: NAMED_AT_ID },
      head: { status: 'Timeout', killedAt: NAMED_AT_ID },
    });

    const text = formatDiff(emptyDiff({ lostNames: [timedOut] }), []);

    expect(text).toContain('— Killed at jsonrpc.id → Timeout\n');
  });
});
