import type { FailureClassRule, Profile } from '../taxonomy.js';
import {
  JSONRPC_CODES,
  JSONRPC_FAILURE_CLASSES,
  JSONRPC_RESERVED_BAND,
  JSONRPC_SPEC,
  codeDoc,
  protocol,
  tool,
  withClasses,
} from './jsonrpc-codes.js';

/** The MCP tool failure classes that sit at the tool layer in every MCP revision. */
export const MCP_TOOL_FAILURE_CLASSES: readonly FailureClassRule[] = [
  tool(
    'tool-execution',
    'The tool ran and failed at its job (MCP tools.mdx "Tool Execution Errors").',
  ),
  tool('domain-rejection', 'A business rule rejected the call.'),
  tool('provider-failure', 'An upstream provider failed while the tool ran; sanitized.'),
];

/**
 * MCP 2025-06-18.
 * Sources: https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling
 * ("Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools, Invalid arguments,
 * Server errors") and .../2025-06-18/server/resources#error-handling (resource not found: -32002).
 * The schema types every id as `RequestId = string | number`: no null ids.
 */
export const MCP_2025_06_18: Profile = {
  name: 'mcp-2025-06-18',
  sources: [
    JSONRPC_SPEC,
    'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling',
    'https://modelcontextprotocol.io/specification/2025-06-18/server/resources#error-handling',
    'https://modelcontextprotocol.io/specification/2025-06-18/schema (RequestId)',
  ],
  allowsNullId: false,
  requiresResultType: false,
  codes: [
    ...JSONRPC_CODES,
    codeDoc(
      -32002,
      'Resource not found',
      'resources/read for an unknown URI.',
      'MCP 2025-06-18 resources.mdx',
    ),
  ],
  reservedBands: [JSONRPC_RESERVED_BAND],
  failureClasses: withClasses(JSONRPC_FAILURE_CLASSES, [
    protocol('unknown-tool', -32602, 'tools/call names no tool of the server (MCP tools.mdx).'),
    // 2025-06-18 lists "Invalid arguments" among protocol errors; SEP-1303 moved it in 2025-11-25.
    protocol(
      'tool-input-invalid',
      -32602,
      'Arguments fail the tool inputSchema (MCP 2025-06-18 tools.mdx).',
    ),
    ...MCP_TOOL_FAILURE_CLASSES,
    protocol(
      'resource-not-found',
      -32002,
      'resources/read for an unknown URI (MCP resources.mdx).',
    ),
  ]),
};
