import { describe, expect, it } from 'vitest';
import type { CodeMutant } from '../../src/stryker/code-mutant.js';
import { formatCodeSummary } from '../../src/stryker/format-code-summary.js';
import { summarizeCodeMutants } from '../../src/stryker/summarize-code-mutants.js';

function code(
  id: string,
  file: string,
  status: CodeMutant['status'],
  rule?: string | null,
): CodeMutant {
  return {
    id,
    file,
    mutatorName: 'EqualityOperator',
    replacement: '!==',
    status,
    statusReason: null,
    ...(rule === undefined
      ? {}
      : {
          killedAt: {
            test: `test of ${id}`,
            rule: rule as 'policy.action' | null,
            named: rule !== null,
          },
        }),
  };
}

// Listed out of file order on purpose: the summary sorts files by name.
const MUTANTS: readonly CodeMutant[] = [
  code('1', 'src/retry.ts', 'Killed', 'policy.action'),
  code('2', 'src/retry.ts', 'Killed', null),
  code('3', 'src/decoder.ts', 'Survived'),
  code('4', 'src/decoder.ts', 'Killed', 'jsonrpc.id'),
  code('5', 'src/decoder.ts', 'NoCoverage'),
  code('6', 'src/retry.ts', 'Timeout'),
  code('7', 'src/retry.ts', 'RuntimeError'),
];

describe('formatCodeSummary', () => {
  it('should print one aligned row per file in name order, the total and the unnamed kills', () => {
    // Act
    const text = formatCodeSummary(summarizeCodeMutants(MUTANTS), MUTANTS);
    // Assert
    expect(text).toBe(
      [
        'file            named  unnamed  survived  timeout  no cov  errors    score  named score',
        'src/decoder.ts      1        0         1        0       1       0   33.33%       33.33%',
        'src/retry.ts        1        1         0        1       0       1  100.00%       33.33%',
        'all files           2        1         1        1       1       1   66.67%       33.33%',
        '',
        'mutation score 66.67% · named-kill score 33.33%',
        "1 kills name no rule; label their assertions, e.g. expect(value, 'policy.action'):",
        '  src/retry.ts #2 EqualityOperator — test of 2',
      ].join('\n'),
    );
  });

  it('should not list unnamed kills when every kill names a rule (control)', () => {
    const named = MUTANTS.filter((m) => m.id !== '2');
    const text = formatCodeSummary(summarizeCodeMutants(named), named);
    expect(text).not.toContain('name no rule');
    expect(text.split('\n').at(-1)).toBe('mutation score 60.00% · named-kill score 40.00%');
  });

  it('should list at most ten unnamed kills', () => {
    const many = Array.from({ length: 12 }, (_, i) => code(String(i), 'src/a.ts', 'Killed', null));
    const lines = formatCodeSummary(summarizeCodeMutants(many), many).split('\n');
    expect(lines.filter((line) => line.startsWith('  src/a.ts #'))).toHaveLength(10);
    expect(lines).toContain(
      "12 kills name no rule; label their assertions, e.g. expect(value, 'policy.action'):",
    );
  });
});
