import type { JsonObject } from '../envelope/json-value.js';

/** What a generated case asserts (MCP 2025-11-25 tools; JSON-RPC 2.0 §5.1). */
export type CaseExpectation =
  | { readonly layer: 'success'; readonly outputSchema?: JsonObject }
  | { readonly layer: 'tool' }
  | { readonly layer: 'protocol'; readonly code: number };

/** One test of the starter contract suite. */
export interface ContractCase {
  /** The test name, starting with "should". */
  readonly title: string;
  readonly method: string;
  readonly params: JsonObject;
  readonly expectation: CaseExpectation;
  /** Set when the server breaks the taxonomy here: the case is written as `it.fails(…)`. */
  readonly knownFailure?: string;
  /**
   * For a known failure: the checks that still hold on the server's answer, asserted in a test
   * of their own so the rest of the envelope keeps its named kills.
   */
  readonly stillHolds?: readonly HoldingCheck[];
  /**
   * For a known failure at another layer than expected: the layer (and code) the server answers
   * at today, where its answer is well formed there. The holding test pins it, so a mutant of the
   * answer is killed at a named rule instead of surviving at the finding.
   */
  readonly answeredAs?: CaseExpectation;
}

/** Checks that do not depend on the layer a failure is reported at, plus the expected layer. */
export type HoldingCheck = 'layer' | 'answer' | 'version' | 'leak';

/** The checks a known failure breaks, each asserted by an `it.fails` test of its own. */
export type FailingCheck = 'layer' | 'leak';

/** Names the generated file declares, which assertions refer to. */
export interface SuiteRefs {
  /** The expression of the tool's outputSchema, e.g. `OUTPUT_SCHEMAS['get-sum']`. */
  readonly schemaRef?: string;
  /** The expression of the values that are no leak, e.g. `ALLOWED_VALUES`. */
  readonly allowedRef?: string;
}

/**
 * The lines asserting `checks` on `response`, one statement per rule (JSON-RPC 2.0 §4 version,
 * §5 id; MCP tools; sanitize.leak): a chain would let the first matcher catch what the next one
 * names (a leak in `structuredContent` failing `mcp.structured-content` first).
 */
export function holdingAssertions(
  expectation: CaseExpectation,
  checks: readonly HoldingCheck[],
  refs: SuiteRefs = {},
): string[] {
  const lines: string[] = [];
  if (checks.includes('version'))
    lines.push(`expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0')`);
  if (checks.includes('answer')) lines.push(`expectEnvelope(response).toAnswer(requestId)`);
  if (checks.includes('leak')) lines.push(leakAssertion(refs));
  if (checks.includes('layer')) lines.push(layerAssertion(expectation, refs));
  return lines;
}

/** The statements that assert a case's expectation on `response`: no leak, then the layer. */
export function caseAssertions(expectation: CaseExpectation, refs: SuiteRefs = {}): string[] {
  return [leakAssertion(refs), layerAssertion(expectation, refs)];
}

/** The checks of a known failure that its `it.fails` tests assert: those that do not hold. */
export function failingChecks(stillHolds: readonly HoldingCheck[] = []): FailingCheck[] {
  const failing = (['layer', 'leak'] as const).filter((check) => !stillHolds.includes(check));
  return failing.length === 0 ? ['layer'] : failing;
}

/** `sanitize.leak`, with the values the server was given allowed. */
export function leakAssertion(refs: SuiteRefs): string {
  const context = refs.allowedRef === undefined ? '' : `, { allowedValues: ${refs.allowedRef} }`;
  return `expectEnvelope(response${context}).toNotLeak()`;
}

/** The layer (and with it the code, id, version, content and structured content) expected. */
export function layerAssertion(expectation: CaseExpectation, refs: SuiteRefs): string {
  return `expectEnvelope(response, ${context(expectation, refs.schemaRef)}).${matcher(expectation)}`;
}

function context(expectation: CaseExpectation, schemaRef: string | undefined): string {
  return expectation.layer === 'success' &&
    expectation.outputSchema !== undefined &&
    schemaRef !== undefined
    ? `{ requestId, outputSchema: ${schemaRef} }`
    : '{ requestId }';
}

function matcher(expectation: CaseExpectation): string {
  if (expectation.layer === 'success') return 'toBeSuccess()';
  if (expectation.layer === 'tool') return 'toBeToolError()';
  return `toBeProtocolError(${expectation.code})`;
}
