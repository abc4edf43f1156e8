import { describe, expect, it } from 'vitest';
import { formatFuzzReport } from '../../src/fuzz/format-fuzz-report.js';
import type { Counterexample } from '../../src/fuzz/fuzz-report.js';
import { EXAMPLE, reportWith } from './fuzz-report-example.js';

/** EXAMPLE with one delivery whose envelope text is `text`, and no recorded outcome. */
function withText(text: string): Counterexample {
  const [first] = EXAMPLE.case.deliveries;
  if (first === undefined) throw new Error('EXAMPLE has no delivery');
  return {
    ...EXAMPLE,
    case: { ...EXAMPLE.case, deliveries: [{ ...first, envelope: { text } }] },
    observation: { steps: [] },
    violations: [],
  };
}

const envelopeLine = (output: string): string =>
  output.split('\n').find((line) => line.startsWith('       envelope 0')) ?? '';

describe('formatFuzzReport', () => {
  it('should print a line per property and the counterexample of each broken one', () => {
    // Act
    const text = formatFuzzReport(reportWith(EXAMPLE), './d.js#x');

    // Assert
    expect(text).toBe(
      [
        'fuzz my decoder/v2 (profile mcp-2025-11-25, seed 42, 500 runs): 120 cases',
        '  ok   session-survives',
        '  FAIL correlation',
        '       request 1 settled as success by a response carrying id "1"',
        '       in flight: 1, "b"',
        '       envelope 0 (generated for 1): {"jsonrpc":"2.0","id":"1","result":{}}',
        '         oracle: jsonrpc.members, mcp.content',
        '       envelope 1 (companion for "b"): {"jsonrpc":"2.0","id":"b","result":{}}',
        '       outcomes: {"kind":"success"}, {"kind":"success"}',
        '       replay: envelope-mutants fuzz --decoder ./d.js#x --profile mcp-2025-11-25 --seed 42 --path 3:0:1',
        '  skip no-leak (the decoder does not declare sanitizes: true)',
        '',
      ].join('\n'),
    );
  });

  it('should name the replayed path instead of the runs', () => {
    // Act
    const text = formatFuzzReport(reportWith(EXAMPLE, { path: '3:0:1', cases: 1 }), 'mcp-sdk');

    // Assert
    expect(text.split('\n')[0]).toBe(
      'fuzz my decoder/v2 (profile mcp-2025-11-25, seed 42, replay of path 3:0:1): 1 cases',
    );
  });

  it('should quote an envelope of 400 characters whole', () => {
    // Arrange
    const text = 'x'.repeat(400);

    // Act
    const output = formatFuzzReport(reportWith(withText(text)), 'mcp-sdk');

    // Assert
    expect(envelopeLine(output)).toBe(`       envelope 0 (generated for 1): ${text}`);
  });

  it('should cut an envelope longer than 400 characters, with an ellipsis', () => {
    // Arrange
    const text = `${'y'.repeat(400)}z`;

    // Act
    const output = formatFuzzReport(reportWith(withText(text)), 'mcp-sdk');

    // Assert
    expect(envelopeLine(output)).toBe(`       envelope 0 (generated for 1): ${'y'.repeat(400)}…`);
  });

  it('should print no oracle line for an envelope without violations, and empty outcomes when none were recorded', () => {
    // Act
    const output = formatFuzzReport(reportWith(withText('{}')), 'mcp-sdk');

    // Assert
    expect(output).not.toContain('oracle:');
    expect(output).toContain('\n       outcomes: \n');
  });
});
