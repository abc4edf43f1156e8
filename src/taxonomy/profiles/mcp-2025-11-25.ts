import type { Profile } from '../taxonomy.js';
import { JSONRPC_RESERVED_BAND, codeDoc, protocol, tool, withClasses } from './jsonrpc-codes.js';
import { MCP_2025_06_18 } from './mcp-2025-06-18.js';

/**
 * MCP 2025-11-25.
 * Sources: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling;
 * SEP-1303 (https://modelcontextprotocol.io/seps/1303-input-validation-errors-as-tool-execution-errors):
 * input validation failures are tool execution errors (`isError: true`) so the model can correct
 * itself, while an unknown tool stays a protocol error (-32602); SEP-1036 URL-mode elicitation adds
 * URLElicitationRequiredError -32042; resources/read for an unknown URI stays -32002.
 * docs/design.md "Two layers" restates these facts.
 */
export const MCP_2025_11_25: Profile = {
  name: 'mcp-2025-11-25',
  sources: [
    ...MCP_2025_06_18.sources.filter((source) => !source.includes('2025-06-18')),
    'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling',
    'https://modelcontextprotocol.io/seps/1303-input-validation-errors-as-tool-execution-errors',
    'https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation (URL mode, -32042)',
  ],
  allowsNullId: false,
  requiresResultType: false,
  codes: [
    ...MCP_2025_06_18.codes.map((doc) =>
      doc.code === -32002 ? { ...doc, reference: 'MCP 2025-11-25 resources.mdx' } : doc,
    ),
    codeDoc(
      -32042,
      'URL elicitation required',
      'The request needs URL-mode elicitations completed first (URLElicitationRequiredError).',
      'MCP 2025-11-25 elicitation (SEP-1036)',
    ),
  ],
  reservedBands: [JSONRPC_RESERVED_BAND],
  failureClasses: withClasses(MCP_2025_06_18.failureClasses, [
    tool('tool-input-invalid', 'Arguments fail the tool inputSchema: a tool error since SEP-1303.'),
    protocol(
      'url-elicitation-required',
      -32042,
      'URL-mode elicitation must complete first (SEP-1036).',
    ),
  ]),
};
