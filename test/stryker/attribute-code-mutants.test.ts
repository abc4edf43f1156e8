import { describe, expect, it } from 'vitest';
import { attributeCodeMutants } from '../../src/stryker/attribute-code-mutants.js';
import { summarizeCodeMutants } from '../../src/stryker/summarize-code-mutants.js';
import { ADAPTER_LABELS, adapterReport, withoutLabels } from '../support/adapter-report.js';

const FILE = 'src/classify-failure.ts';
const NO_LABELS = new Map();

function mutant(id: string, labels = ADAPTER_LABELS) {
  const found = attributeCodeMutants(adapterReport(), labels).find((m) => m.id === id);
  if (found === undefined) throw new Error(`no mutant ${id} in the fixture report`);
  return found;
}

describe('attributeCodeMutants on a real StrykerJS report', () => {
  it('should name the rule of a kill at a vitest message label', () => {
    // Arrange: mutant 0 broke the -32603 branch; StrykerJS recorded
    // "policy.action: expected 'stop-protocol' to be 'retry-bounded'".
    // Act
    const attributed = mutant('0');
    // Assert
    expect(attributed.status).toBe('Killed');
    expect(attributed.killedAt).toEqual({
      test: 'classifyFailure should retry an internal error',
      rule: 'policy.action',
      named: true,
    });
  });

  it('should map a project label to its rule through the labels', () => {
    expect(mutant('1').killedAt).toMatchObject({ rule: 'policy.action', named: true });
  });

  it('should leave a project label unnamed without the labels (negative control)', () => {
    expect(mutant('1', NO_LABELS).killedAt).toMatchObject({ rule: null, named: false });
  });

  it('should leave a kill by a TypeError or an unlabelled assertion unnamed', () => {
    // Mutant 2 crashed the test; mutant 44 failed `expect(classified.code).toBe(-32602)`.
    expect(mutant('2').killedAt).toMatchObject({ rule: null, named: false });
    expect(mutant('44').killedAt).toEqual({
      test: 'classifyFailure should keep the code of an invalid-params error',
      rule: null,
      named: false,
    });
  });

  it('should carry survivors and uncovered mutants without a kill', () => {
    const mutants = attributeCodeMutants(adapterReport(), ADAPTER_LABELS);
    const notKilled = mutants.filter((m) => m.status !== 'Killed');
    expect(notKilled.every((m) => m.killedAt === undefined)).toBe(true);
    expect(notKilled.map((m) => m.status).sort()).toEqual([
      ...Array<string>(7).fill('NoCoverage'),
      ...Array<string>(17).fill('Survived'),
    ]);
  });

  it("should count 43 named and 5 unnamed kills and match StrykerJS's own score", () => {
    // Act
    const summary = summarizeCodeMutants(attributeCodeMutants(adapterReport(), ADAPTER_LABELS));
    // Assert: StrykerJS printed 66.67 for this run (48 killed of 72 valid).
    expect(summary.files.map((file) => file.file)).toEqual([FILE]);
    expect(summary.total.counts).toMatchObject({
      killed: 48,
      killedNamed: 43,
      killedElsewhere: 0,
      killedUnnamed: 5,
      survived: 17,
      noCoverage: 7,
      totalValid: 72,
    });
    expect(summary.total.mutationScore).toBeCloseTo(66.67, 2);
    expect(summary.total.namedKillScore).toBeCloseTo((43 / 72) * 100, 6);
  });

  it('should find every kill unnamed when no assertion carries a label (negative control)', () => {
    const mutants = attributeCodeMutants(withoutLabels(adapterReport()), ADAPTER_LABELS);
    const summary = summarizeCodeMutants(mutants);
    expect(summary.total.counts).toMatchObject({ killed: 48, killedNamed: 0, killedUnnamed: 48 });
    expect(summary.total.namedKillScore).toBe(0);
    expect(summary.total.mutationScore).toBeCloseTo(66.67, 2);
  });

  it('should count a CompileError as a RuntimeError, outside both scores', () => {
    const report = adapterReport();
    const file = report.files[FILE];
    if (file === undefined) throw new Error('fixture changed');
    const index = file.mutants.findIndex((m) => m.status === 'Killed');
    const killed = file.mutants[index];
    if (killed === undefined) throw new Error('fixture changed');
    file.mutants[index] = { ...killed, status: 'CompileError' };
    const summary = summarizeCodeMutants(attributeCodeMutants(report, ADAPTER_LABELS));
    expect(summary.total.counts).toMatchObject({ killed: 47, runtimeError: 1, totalValid: 71 });
  });

  it('should carry the mutant as StrykerJS reported it', () => {
    // Act + Assert: mutant 0 replaced -32603 with +32603.
    expect(mutant('0')).toStrictEqual({
      id: '0',
      file: FILE,
      mutatorName: 'UnaryOperator',
      replacement: '+32603',
      status: 'Killed',
      statusReason:
        "policy.action: expected 'stop-protocol' to be 'retry-bounded' // Object.is equality",
      killedAt: {
        test: 'classifyFailure should retry an internal error',
        rule: 'policy.action',
        named: true,
      },
    });
  });

  it('should attribute a kill recorded without its test or message to an unknown test', () => {
    // Arrange: killedBy and statusReason are optional in mutation-testing-report-schema.
    const report = adapterReport();
    const file = report.files[FILE];
    const index = file?.mutants.findIndex((m) => m.id === '0') ?? -1;
    const killed = file?.mutants[index];
    if (file === undefined || killed === undefined) throw new Error('fixture changed');
    const { killedBy: _, statusReason: __, ...bare } = killed;
    file.mutants[index] = bare;
    // Act
    const attributed = attributeCodeMutants(report, ADAPTER_LABELS).find((m) => m.id === '0');
    // Assert
    expect(attributed?.statusReason).toBeNull();
    expect(attributed?.killedAt).toStrictEqual({
      test: '(unknown test)',
      rule: null,
      named: false,
    });
  });
});
