import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { assertTaxonomy } from './assert-taxonomy.js';
import { policyAction } from './rules/policy-action.js';
import { policyAttempt } from './rules/policy-attempt.js';
import type { Violation } from './violation.js';

/**
 * The oracle for decision sites: `policy.action` (the action the project's retry table requires)
 * and `policy.attempt` (a retry's new id and its link to the earlier attempt). `decision` is a
 * `Decision` (src/taxonomy/client-action.ts) given as `unknown`; a malformed one is reported as a
 * `policy.action` violation, never thrown on.
 */
export function checkDecision(decision: unknown, taxonomy: Taxonomy): Violation[] {
  assertTaxonomy(taxonomy, 'checkDecision taxonomy');
  const out: Violation[] = [];
  policyAction(decision, taxonomy, out);
  policyAttempt(decision, out);
  return out;
}
