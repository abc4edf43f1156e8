/** Valid envelopes of each layer (MCP 2025-11-25), answering request 41. */
export const PROTOCOL_ERROR = {
  jsonrpc: '2.0',
  id: 41,
  error: { code: -32602, message: 'Unknown tool: nope' },
} as const;

export const TOOL_ERROR = {
  jsonrpc: '2.0',
  id: 41,
  result: { content: [{ type: 'text', text: 'Repository not found' }], isError: true },
} as const;

export const SUCCESS = {
  jsonrpc: '2.0',
  id: 41,
  result: { content: [{ type: 'text', text: '3 issues' }] },
} as const;

/** A canary in the library's default format (CANARY_PATTERN). */
export const CANARY = 'CANARY-7f3KQ9zXw2';

/** The message of the error `act` throws; fails the test when it throws nothing. */
export function thrownMessage(act: () => unknown): string {
  try {
    act();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the assertion to throw, but it passed');
}
