import { describe, expect, it } from 'vitest';
import type { MutantResult, MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { diffReports } from '../../src/report/diff-reports.js';
import type { EnvelopeMutationReport } from '../../src/report/envelope-report.js';
import { makeRun, TOOL_ERROR, UNKNOWN_TOOL } from '../support/make-run.js';

const ENV = {};

function mutant(id: string, verdict: Pick<MutantResult, 'status'> & Partial<MutantResult>) {
  return {
    id,
    siteKey: UNKNOWN_TOOL.key,
    mutatorName: 'change-id',
    replacement: 'id 41 → "41"',
    path: ['id'],
    killedBy: [],
    coveredBy: UNKNOWN_TOOL.testIds,
    ...verdict,
  } satisfies MutantResult;
}

function report(mutants: readonly MutantResult[], overrides: Partial<MutationRun> = {}) {
  return buildJsonReport(makeRun({ sites: [UNKNOWN_TOOL], mutants, ...overrides }), { env: ENV });
}

const namedKill = { test: 'a91f_0_0', rule: 'jsonrpc.id', named: true } as const;

describe('diffReports verdicts', () => {
  it('should treat a mutant only in head as new: no base verdict, a survivor but not a kill', () => {
    // Arrange
    const base = report([]);
    const head = report([
      mutant('n1', { status: 'Survived' }),
      mutant('n2', { status: 'Killed', killedAt: namedKill }),
    ]);
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.newSurvivors).toStrictEqual([
      {
        id: 'n1',
        siteKey: 'unknown-tool',
        mutatorName: 'change-id',
        replacement: 'id 41 → "41"',
        head: { status: 'Survived' },
      },
    ]);
    expect(diff.newKills).toEqual([]);
    expect(diff.movedKills).toEqual([]);
    expect(diff.lostNames).toEqual([]);
  });

  it('should count a timeout in head as a new kill of a survivor in base', () => {
    // Arrange
    const base = report([mutant('t1', { status: 'Survived' })]);
    const head = report([mutant('t1', { status: 'Timeout' })]);
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.newKills.map((change) => change.id)).toEqual(['t1']);
    expect(diff.newKills[0]?.base).toStrictEqual({ status: 'Survived' });
    expect(diff.newKills[0]?.head).toStrictEqual({ status: 'Timeout' });
    expect(diff.newSurvivors).toEqual([]);
  });

  it('should count NoCoverage as undetected on either side', () => {
    // Arrange
    const base = report([
      mutant('c1', { status: 'Killed', killedAt: namedKill }),
      mutant('c2', { status: 'NoCoverage' }),
    ]);
    const head = report([
      mutant('c1', { status: 'NoCoverage' }),
      mutant('c2', { status: 'Killed', killedAt: namedKill }),
    ]);
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.newSurvivors.map((change) => change.id)).toEqual(['c1']);
    expect(diff.newKills.map((change) => change.id)).toEqual(['c2']);
  });

  it('should not report a survivor that was already a survivor (negative control)', () => {
    const base = report([mutant('s1', { status: 'NoCoverage' })]);
    const head = report([mutant('s1', { status: 'Survived' })]);

    const diff = diffReports(base, head);

    expect(diff.newSurvivors).toEqual([]);
    expect(diff.newKills).toEqual([]);
  });

  it('should report a named kill that became a kill without killedAt as a lost name', () => {
    // Arrange
    const base = report([mutant('k1', { status: 'Killed', killedAt: namedKill })]);
    const head = report([mutant('k1', { status: 'Killed' })]);
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.lostNames.map((change) => change.id)).toEqual(['k1']);
    expect(diff.lostNames[0]?.head).toStrictEqual({ status: 'Killed' });
    expect(diff.movedKills).toEqual([]);
  });

  it('should report a kill without killedAt in base that gained a rule as a moved kill', () => {
    // Arrange
    const base = report([mutant('k2', { status: 'Killed' })]);
    const head = report([mutant('k2', { status: 'Killed', killedAt: namedKill })]);
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.movedKills.map((change) => change.id)).toEqual(['k2']);
    expect(diff.movedKills[0]?.base).toStrictEqual({ status: 'Killed' });
    expect(diff.movedKills[0]?.head).toStrictEqual({ status: 'Killed', killedAt: namedKill });
    expect(diff.lostNames).toEqual([]);
  });

  it('should compare a StrykerJS source mutant without replacement under its file path', () => {
    // Arrange
    const base = report([]);
    const head = report([]);
    const strykerFile = {
      language: 'typescript',
      source: 'export const a = 1;',
      mutants: [
        {
          id: 'stryker-1',
          mutatorName: 'ArithmeticOperator',
          location: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
          status: 'Survived',
        },
      ],
    };
    const withStryker = {
      ...head,
      files: { ...head.files, 'src/a.ts': strykerFile },
    } as unknown as EnvelopeMutationReport;
    // Act
    const diff = diffReports(base, withStryker);
    // Assert
    expect(diff.newSurvivors).toStrictEqual([
      {
        id: 'stryker-1',
        siteKey: 'src/a.ts',
        mutatorName: 'ArithmeticOperator',
        replacement: '',
        head: { status: 'Survived' },
      },
    ]);
  });
});

describe('diffReports sites', () => {
  it('should give the test file of a site that appeared and of one that vanished', () => {
    // Arrange
    const base = report([], { sites: [UNKNOWN_TOOL] });
    const head = report([], { sites: [{ ...TOOL_ERROR, file: 'test/other.test.ts' }] });
    // Act
    const diff = diffReports(base, head);
    // Assert
    expect(diff.sitesAppeared).toStrictEqual([
      {
        siteKey: 'tool-error',
        testFile: 'test/other.test.ts',
        head: JSON.stringify(TOOL_ERROR.value, null, 2),
      },
    ]);
    expect(diff.sitesVanished).toStrictEqual([
      {
        siteKey: 'unknown-tool',
        testFile: 'test/contract/tools.test.ts',
        base: JSON.stringify(UNKNOWN_TOOL.value, null, 2),
      },
    ]);
  });
});

describe('diffReports notes', () => {
  it('should note nothing between two complete runs of the same seed and profile', () => {
    const base = report([]);

    expect(diffReports(base, report([])).notes).toEqual([]);
  });

  it('should note different profiles', () => {
    const base = report([]);
    const head = report([], { profile: 'mcp-2026-01-01' });

    expect(diffReports(base, head).notes).toEqual([
      'profiles differ (mcp-2025-11-25 → mcp-2026-01-01)',
    ]);
  });

  it('should note an incomplete run on either side', () => {
    // Arrange
    const complete = report([]);
    const interrupted = report([], { complete: false });
    const note = 'one of the runs is incomplete (interrupted)';
    // Act
    const notes = [
      diffReports(interrupted, complete).notes,
      diffReports(complete, interrupted).notes,
    ];
    // Assert
    expect(notes).toEqual([[note], [note]]);
  });
});
