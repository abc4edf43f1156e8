import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import type { Violation } from '../../src/oracle/violation.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import cases from './message-cases.json' with { type: 'json' };

/**
 * The exact violations (rule, path, message) for envelopes and decisions that break one rule in
 * one way (message-cases.json). Messages are part of the contract: one format
 * (`Invalid <what>: Expected … but received …`), no secret quoted, enough to act on.
 */
interface EnvelopeCase {
  readonly name: string;
  readonly envelope: unknown;
  readonly context: CheckContext;
  readonly profile: string | null;
  readonly violations: readonly Violation[];
}

interface DecisionCase {
  readonly decision: unknown;
  readonly violations: readonly Violation[];
}

const ENVELOPE_CASES = cases.envelopes as readonly EnvelopeCase[];
const DECISION_CASES = cases.decisions as readonly DecisionCase[];

describe('check messages', () => {
  it.each(ENVELOPE_CASES)('should report exactly the violations for $name', (testCase) => {
    // Arrange
    const taxonomy = resolveTaxonomy(
      testCase.profile === null ? {} : { profile: testCase.profile },
    );

    // Act
    const violations = check(testCase.envelope, testCase.context, taxonomy);

    // Assert
    expect(violations).toEqual(testCase.violations);
  });
});

describe('checkDecision messages', () => {
  it.each(DECISION_CASES)('should report exactly the violations for decision %#', (testCase) => {
    expect(checkDecision(testCase.decision, resolveTaxonomy())).toEqual(testCase.violations);
  });
});
