import * as fc from 'fast-check';
import type { JsonObject } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import {
  ABSENT,
  type Defect,
  _errorObject,
  _finalResult,
  _kindOf,
  _nullIdBreaks,
  _resultObject,
  _set,
} from './defect.js';
import { _safeText } from './safe-text.js';

/**
 * A protocol error reported as a tool failure carrying its message: what MCP TypeScript SDK 1.32
 * servers do for an unknown tool, which MCP 2025-11-25 tools.mdx lists as a protocol error.
 */
export const demoteDefect: Defect = {
  name: 'demote',
  applies: (observed) => _kindOf(observed) === 'protocol',
  breaks: (observed) => ['mcp.layer', ..._nullIdBreaks(observed)],
  envelope: ({ envelope }, taxonomy) => {
    const error = _errorObject(envelope);
    const text = `MCP error ${String(error['code'])}: ${String(error['message'])}`;
    const result = _finalResult({ content: [{ type: 'text', text }], isError: true }, taxonomy);
    return fc.constant(_set(_set(envelope, 'error', ABSENT), 'result', result));
  },
};

/** The text of the first text block of a result, if any. */
function _firstText(result: JsonObject): string | undefined {
  const content = result['content'];
  if (!Array.isArray(content)) return undefined;
  const block: unknown = content.find(
    (item: unknown) => isJsonObject(item) && typeof item['text'] === 'string',
  );
  return isJsonObject(block) ? (block['text'] as string) : undefined;
}

/**
 * A tool failure (or a success) reported as a -32603 protocol error: the model never sees what
 * failed (MCP 2025-11-25 tools.mdx, "Tool Execution Errors" belong in the result).
 */
export const promoteDefect: Defect = {
  name: 'promote',
  applies: (observed) => _kindOf(observed) !== 'protocol',
  breaks: () => ['mcp.layer'],
  envelope: ({ envelope }) => {
    const text = _firstText(_resultObject(envelope));
    const message = text === undefined ? _safeText() : fc.constant(text);
    return message.map((m) =>
      _set(_set(envelope, 'result', ABSENT), 'error', { code: -32603, message: m }),
    );
  },
};
