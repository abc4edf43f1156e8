import type { CodeDoc, FailureClassRule, ReservedBand } from '../taxonomy.js';

/** Cited in every profile built on JSON-RPC 2.0. */
export const JSONRPC_SPEC =
  'https://www.jsonrpc.org/specification (JSON-RPC 2.0 §5.1 Error object)';

const REF = 'JSON-RPC 2.0 §5.1';

/** The five pre-defined codes of JSON-RPC 2.0 §5.1. */
export const JSONRPC_CODES: readonly CodeDoc[] = [
  codeDoc(-32700, 'Parse error', 'Invalid JSON was received by the server.'),
  codeDoc(-32600, 'Invalid Request', 'The JSON sent is not a valid Request object.'),
  codeDoc(-32601, 'Method not found', 'The method does not exist / is not available.'),
  codeDoc(-32602, 'Invalid params', 'Invalid method parameter(s).'),
  codeDoc(-32603, 'Internal error', 'Internal JSON-RPC error.'),
];

/**
 * JSON-RPC 2.0 §5.1: -32768..-32000 is reserved for pre-defined errors; within it -32099..-32000
 * is left to implementation-defined server errors. So only -32768..-32100 is closed to projects.
 */
export const JSONRPC_RESERVED_BAND: ReservedBand = {
  min: -32768,
  max: -32100,
  owner: 'JSON-RPC 2.0 §5.1',
};

/** The implementation-defined server-error band of JSON-RPC 2.0 §5.1. */
export const SERVER_ERROR_BAND = { min: -32099, max: -32000 } as const;

/** Failure classes every JSON-RPC 2.0 peer shares: one per pre-defined code. */
export const JSONRPC_FAILURE_CLASSES: readonly FailureClassRule[] = [
  protocol('parse-error', -32700, 'The message text is not JSON (JSON-RPC 2.0 §5.1).'),
  protocol(
    'invalid-request',
    -32600,
    'The JSON is not a valid request object (JSON-RPC 2.0 §5.1).',
  ),
  protocol('unknown-method', -32601, 'The method does not exist (JSON-RPC 2.0 §5.1).'),
  protocol('invalid-params', -32602, 'The params do not fit the method (JSON-RPC 2.0 §5.1).'),
  protocol(
    'internal-error',
    -32603,
    'The server failed unrelated to the request (JSON-RPC 2.0 §5.1).',
  ),
];

/** A current code documented by a profile. */
export function codeDoc(code: number, name: string, meaning: string, reference = REF): CodeDoc {
  return { code, name, meaning, status: 'current', source: 'profile', reference };
}

/** A protocol-layer failure class with its code. */
export function protocol(name: string, code: number, description: string): FailureClassRule {
  return { name, layer: 'protocol', code, description };
}

/** A tool-layer failure class (`result.isError: true`, no code). */
export function tool(name: string, description: string): FailureClassRule {
  return { name, layer: 'tool', description };
}

/** Replaces failure classes by name, keeping the order of first appearance. */
export function withClasses(
  base: readonly FailureClassRule[],
  changes: readonly FailureClassRule[],
): readonly FailureClassRule[] {
  const byName = new Map(base.map((rule) => [rule.name, rule]));
  for (const rule of changes) byName.set(rule.name, rule);
  return [...byName.values()];
}
