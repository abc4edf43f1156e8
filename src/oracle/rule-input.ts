import type { Layer } from '../envelope/envelope.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { CheckContext } from './check-context.js';
import type { Violation } from './violation.js';

/** The expectation of a context, resolved against the taxonomy (failure class → layer, code). */
export interface ResolvedExpectation {
  readonly layer?: Layer;
  readonly code?: number;
  readonly failureClass?: string;
}

/** What every envelope rule reads. The envelope is an object (non-objects never reach a rule). */
export interface RuleInput {
  readonly envelope: Readonly<Record<string, unknown>>;
  readonly context: CheckContext;
  readonly taxonomy: Taxonomy;
  readonly expected: ResolvedExpectation;
}

/** One rule of the oracle: appends its violations to `out` (cheaper than concatenating arrays). */
export type EnvelopeRule = (input: RuleInput, out: Violation[]) => void;
