import { describe, expect, it } from 'vitest';
import type { CodeMutant } from '../../src/stryker/code-mutant.js';
import { summarizeCodeMutants } from '../../src/stryker/summarize-code-mutants.js';

function code(id: string, file: string, status: CodeMutant['status'], named = false): CodeMutant {
  return {
    id,
    file,
    mutatorName: 'EqualityOperator',
    replacement: '!==',
    status,
    statusReason: null,
    ...(status === 'Killed'
      ? { killedAt: { test: `test of ${id}`, rule: named ? 'policy.action' : null, named } }
      : {}),
  };
}

describe('summarizeCodeMutants', () => {
  it('should list the files in name order whatever the order of their mutants', () => {
    // Arrange
    const mutants = [code('0', 'src/c.ts', 'Killed'), code('1', 'src/a.ts', 'Killed')];
    mutants.push(code('2', 'src/b.ts', 'Killed'));
    // Act
    const summary = summarizeCodeMutants(mutants);
    // Assert
    expect(summary.files.map((file) => file.file)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
  });

  it('should score each file over its own mutants only', () => {
    // Arrange: a.ts 1 named kill + 1 survivor; b.ts 1 unnamed kill.
    const mutants = [
      code('0', 'src/a.ts', 'Killed', true),
      code('1', 'src/b.ts', 'Killed'),
      code('2', 'src/a.ts', 'Survived'),
    ];
    // Act
    const [a, b] = summarizeCodeMutants(mutants).files;
    // Assert
    expect(a?.scores.mutationScore).toBe(50);
    expect(a?.scores.namedKillScore).toBe(50);
    expect(a?.scores.counts).toMatchObject({ killedNamed: 1, survived: 1, totalMutants: 2 });
    expect(b?.scores.mutationScore).toBe(100);
    expect(b?.scores.namedKillScore).toBe(0);
    expect(b?.scores.counts).toMatchObject({ killedUnnamed: 1, totalMutants: 1 });
  });
});
