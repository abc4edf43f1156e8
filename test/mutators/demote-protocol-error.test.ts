import { describe, expect, it } from 'vitest';
import { demoteProtocolError } from '../../mutators/demote-protocol-error.js';
import { PROTOCOL_ERROR, REQUEST, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const demoted = (extra: object = {}): object => ({
  jsonrpc: '2.0',
  id: 41,
  result: {
    content: [{ type: 'text', text: 'MCP error -32602: Unknown tool: nope' }],
    isError: true,
    ...extra,
  },
});

describe('demote-protocol-error', () => {
  it('should report the protocol error as an isError tool result, as SDK 1.32 McpServer does', () => {
    expectVariants(demoteProtocolError, PROTOCOL_ERROR, mutatorContext(), [
      { value: demoted(), replacement: 'error → isError result', path: ['result'] },
    ]);
  });

  it('should mark the result complete under mcp-2026-07-28, so only the layer is wrong', () => {
    expectVariants(
      demoteProtocolError,
      PROTOCOL_ERROR,
      mutatorContext({ profile: 'mcp-2026-07-28' }),
      [
        {
          value: demoted({ resultType: 'complete' }),
          replacement: 'error → isError result',
          path: ['result'],
        },
      ],
    );
  });

  it('should not apply to a tool failure or a request', () => {
    expectNoVariants(demoteProtocolError, TOOL_FAILURE, mutatorContext());
    expectNoVariants(demoteProtocolError, REQUEST, mutatorContext());
  });

  it('should leave out a code or a message that is neither a string nor a number', () => {
    const odd = { ...PROTOCOL_ERROR, error: { code: { n: 1 }, message: ['m'] } };
    const [variant] = variantsOf(demoteProtocolError, odd, mutatorContext());
    expect(variant?.value).toStrictEqual({
      jsonrpc: '2.0',
      id: 41,
      result: { content: [{ type: 'text', text: 'MCP error : ' }], isError: true },
    });
  });
});
