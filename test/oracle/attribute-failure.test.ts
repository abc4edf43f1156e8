import { describe, expect, test } from 'vitest';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { ruleFromFailureMessage, summarizeFailure } from '../../src/oracle/attribute-failure.js';

const noLabels = new Map<string, RuleName>();

describe('ruleFromFailureMessage', () => {
  test('should read the rule of a bracketed assertion message', () => {
    // Arrange
    const message = '[jsonrpc.id] response id "1" does not equal request id 1';
    // Act
    const rule = ruleFromFailureMessage(message, noLabels);
    // Assert
    expect(rule).toBe('jsonrpc.id');
  });

  test("should read the rule of vitest's labelled expect", () => {
    const message = "mcp.is-error: expected 'true' to be true // Object.is equality";
    expect(ruleFromFailureMessage(message, noLabels)).toBe('mcp.is-error');
  });

  test('should map a project label to its rule', () => {
    const labels = new Map<string, RuleName>([['response id', 'jsonrpc.id']]);
    expect(ruleFromFailureMessage('response id: expected 2 to be 1', labels)).toBe('jsonrpc.id');
    expect(ruleFromFailureMessage('[response id] mismatch', labels)).toBe('jsonrpc.id');
  });

  test('should name no rule for an unlabelled assertion', () => {
    expect(ruleFromFailureMessage('expected 2 to be 1 // Object.is equality', noLabels)).toBeNull();
    expect(
      ruleFromFailureMessage("Cannot read properties of undefined (reading 'tools')", noLabels),
    ).toBeNull();
  });

  test('should name no rule for a label that is neither a rule nor mapped', () => {
    expect(ruleFromFailureMessage('jsonrpc.idd: expected 2 to be 1', noLabels)).toBeNull();
    expect(ruleFromFailureMessage('[not-a-rule] nope', noLabels)).toBeNull();
  });

  test('should only read the label at the start of the message', () => {
    expect(ruleFromFailureMessage('expected "jsonrpc.id: x" to be 1', noLabels)).toBeNull();
  });
});

describe('summarizeFailure', () => {
  test('should keep the first three non-empty lines', () => {
    expect(summarizeFailure('a\n\nb\nc\nd')).toBe('a\nb\nc');
  });

  test('should truncate a long message with an ellipsis', () => {
    const summary = summarizeFailure('x'.repeat(500), 20);
    expect(summary).toHaveLength(20);
    expect(summary.endsWith('…')).toBe(true);
  });
});
