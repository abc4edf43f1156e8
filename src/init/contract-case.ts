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
}

/** The call that asserts a case's expectation on `response` (the library's named assertions). */
export function caseAssertion(expectation: CaseExpectation, schemaRef?: string): string {
  const context =
    expectation.layer === 'success' &&
    expectation.outputSchema !== undefined &&
    schemaRef !== undefined
      ? `{ requestId, outputSchema: ${schemaRef} }`
      : '{ requestId }';
  const matcher =
    expectation.layer === 'success'
      ? 'toBeSuccess()'
      : expectation.layer === 'tool'
        ? 'toBeToolError()'
        : `toBeProtocolError(${expectation.code})`;
  return `expectEnvelope(response, ${context}).${matcher}.toNotLeak()`;
}
