import * as fc from 'fast-check';
import type { JsonObject } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import {
  ABSENT,
  type Defect,
  errorObject,
  finalResult,
  kindOf,
  nullIdBreaks,
  resultObject,
  set,
} from './defect.js';
import { safeText } from './safe-text.js';

/**
 * A protocol error reported as a tool failure carrying its message: what MCP TypeScript SDK 1.32
 * servers do for an unknown tool, which MCP 2025-11-25 tools.mdx lists as a protocol error.
 */
export const demoteDefect: Defect = {
  name: 'demote',
  applies: (observed) => kindOf(observed) === 'protocol',
  breaks: (observed) => ['mcp.layer', ...nullIdBreaks(observed)],
  envelope: ({ envelope }, taxonomy) => {
    const error = errorObject(envelope);
    const text = `MCP error ${error['code'] as number}: ${error['message'] as string}`;
    const result = finalResult({ content: [{ type: 'text', text }], isError: true }, taxonomy);
    return fc.constant(set(set(envelope, 'error', ABSENT), 'result', result));
  },
};

/** The text of the first text block of a result, if any. */
function firstText(result: JsonObject): string | undefined {
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
  applies: (observed) => kindOf(observed) !== 'protocol',
  breaks: () => ['mcp.layer'],
  envelope: ({ envelope }) => {
    const text = firstText(resultObject(envelope));
    const message = text === undefined ? safeText() : fc.constant(text);
    return message.map((m) =>
      set(set(envelope, 'result', ABSENT), 'error', { code: -32603, message: m }),
    );
  },
};
