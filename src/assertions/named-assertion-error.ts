import type { RuleName } from '../oracle/rule-name.js';
import type { Violation } from '../oracle/violation.js';

/**
 * Thrown by the named assertions (`expectEnvelope`, `expectAction`). The message starts with
 * `[rule]` of the most relevant violation, so the mutation runner can tell which rule killed a
 * mutant; further violations follow one per line. It carries no `actual`/`expected` members on
 * purpose: runners print those as a diff, and the received envelope may hold a secret.
 */
export class NamedAssertionError extends Error {
  // Runners (vitest, node:test, mocha) present an `AssertionError` as a test failure, not a crash.
  override readonly name = 'AssertionError';
  /** The rule the message starts with. */
  readonly rule: RuleName;
  readonly violations: readonly Violation[];

  constructor(message: string, violations: readonly [Violation, ...Violation[]]) {
    super(message);
    this.rule = violations[0].rule;
    this.violations = violations;
  }
}
