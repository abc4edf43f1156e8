import type { CodeDoc, Profile } from '../taxonomy.js';
import { JSONRPC_RESERVED_BAND, codeDoc, protocol, withClasses } from './jsonrpc-codes.js';
import { MCP_2025_11_25 } from './mcp-2025-11-25.js';

const SEED = 'MCP 2026-07-28';

/**
 * MCP 2026-07-28.
 * Sources: SEP-2164 (https://modelcontextprotocol.io/seps/2164-resource-not-found-error):
 * resource not found becomes -32602, -32002 is only accepted from older servers; SEP-2575 per-request
 * protocol version: UnsupportedProtocolVersionError -32022. The revision reserves -32020..-32099 for
 * MCP's own codes, requires `resultType` on every result and no longer defines -32042;
 * docs/design.md "MCP 2026-07-28" restates these facts.
 */
export const MCP_2026_07_28: Profile = {
  name: 'mcp-2026-07-28',
  sources: [
    'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
    'https://modelcontextprotocol.io/seps/2164-resource-not-found-error',
    'MCP 2026-07-28 schema.ts UnsupportedProtocolVersionError (SEP-2575)',
    SEED,
    ...MCP_2025_11_25.sources,
  ],
  allowsNullId: false,
  requiresResultType: true,
  codes: [...MCP_2025_11_25.codes.map(retire), ...newCodes()],
  reservedBands: [JSONRPC_RESERVED_BAND, { min: -32099, max: -32020, owner: 'MCP 2026-07-28' }],
  failureClasses: withClasses(
    MCP_2025_11_25.failureClasses.filter((rule) => rule.name !== 'url-elicitation-required'),
    [
      protocol('resource-not-found', -32602, 'resources/read for an unknown URI (SEP-2164).'),
      protocol(
        'unsupported-protocol-version',
        -32022,
        'The request names a revision the server lacks.',
      ),
    ],
  ),
};

/** -32002 stays acceptable to clients (legacy); -32042 is gone (retired). */
function retire(doc: CodeDoc): CodeDoc {
  if (doc.code === -32002)
    return { ...doc, status: 'legacy', replacedBy: -32602, reference: 'SEP-2164' };
  if (doc.code === -32042) return { ...doc, status: 'retired', reference: SEED };
  return doc;
}

function newCodes(): readonly CodeDoc[] {
  return [
    codeDoc(-32020, 'MCP error -32020', 'Defined by MCP 2026-07-28.', SEED),
    codeDoc(-32021, 'MCP error -32021', 'Defined by MCP 2026-07-28.', SEED),
    codeDoc(
      -32022,
      'Unsupported protocol version',
      'The request declares a protocol version the server does not implement (UnsupportedProtocolVersionError).',
      'MCP 2026-07-28 (SEP-2575)',
    ),
  ];
}
