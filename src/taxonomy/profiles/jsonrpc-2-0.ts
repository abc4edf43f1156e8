import type { Profile } from '../taxonomy.js';
import {
  JSONRPC_CODES,
  JSONRPC_FAILURE_CLASSES,
  JSONRPC_RESERVED_BAND,
  JSONRPC_SPEC,
} from './jsonrpc-codes.js';

/**
 * Plain JSON-RPC 2.0. Source: https://www.jsonrpc.org/specification.
 * - §5: the response id is null only when the request id could not be determined (parse error,
 *   invalid request), hence `allowsNullId`; the oracle further restricts null to error responses.
 * - §5.1: the five pre-defined codes and the reserved band -32768..-32000, of which
 *   -32099..-32000 is left to implementation-defined server errors.
 * JSON-RPC knows no tools, so this profile has no tool-layer failure classes.
 */
export const JSONRPC_2_0: Profile = {
  name: 'jsonrpc-2.0',
  sources: [JSONRPC_SPEC, 'https://www.jsonrpc.org/specification (§5 Response object: id)'],
  allowsNullId: true,
  requiresResultType: false,
  codes: JSONRPC_CODES,
  reservedBands: [JSONRPC_RESERVED_BAND],
  failureClasses: JSONRPC_FAILURE_CLASSES,
};
