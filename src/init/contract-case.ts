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
}

/** Checks that do not depend on the layer a failure is reported at, plus the expected layer. */
export type HoldingCheck = 'layer' | 'answer' | 'version' | 'leak';

/** The lines asserting `checks` on `response` (JSON-RPC 2.0 §4 version, §5 id; MCP tools). */
export function holdingAssertions(
  expectation: CaseExpectation,
  checks: readonly HoldingCheck[],
  schemaRef?: string,
): string[] {
  const lines: string[] = [];
  if (checks.includes('version'))
    lines.push(`expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0')`);
  const chain = [
    ...(checks.includes('layer') ? [_matcher(expectation)] : []),
    ...(checks.includes('answer') ? ['toAnswer(requestId)'] : []),
    ...(checks.includes('leak') ? ['toNotLeak()'] : []),
  ];
  const context = checks.includes('layer') ? _context(expectation, schemaRef) : '{ requestId }';
  if (chain.length > 0) lines.push(`expectEnvelope(response, ${context}).${chain.join('.')}`);
  return lines;
}

/** The call that asserts a case's expectation on `response` (the library's named assertions). */
export function caseAssertion(expectation: CaseExpectation, schemaRef?: string): string {
  return `expectEnvelope(response, ${_context(expectation, schemaRef)}).${_matcher(expectation)}.toNotLeak()`;
}

function _context(expectation: CaseExpectation, schemaRef: string | undefined): string {
  return expectation.layer === 'success' &&
    expectation.outputSchema !== undefined &&
    schemaRef !== undefined
    ? `{ requestId, outputSchema: ${schemaRef} }`
    : '{ requestId }';
}

function _matcher(expectation: CaseExpectation): string {
  if (expectation.layer === 'success') return 'toBeSuccess()';
  if (expectation.layer === 'tool') return 'toBeToolError()';
  return `toBeProtocolError(${expectation.code})`;
}
