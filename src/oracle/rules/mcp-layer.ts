import type { Layer } from '../../envelope/envelope.js';
import { isJsonObject } from '../../envelope/json-value.js';
import { layerOf } from '../../envelope/message-kind.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { _violation } from '../violation-message.js';

/** The MCP TypeScript SDK's text for a protocol error it turned into a tool result (SDK 1.32 `McpServer`). */
const DEMOTED_MARKER = /^MCP error (-32\d{3}):/;

const LAYER_NAMES: Readonly<Record<Layer, string>> = {
  protocol: 'a protocol error (JSON-RPC error member)',
  tool: 'a tool error (result with isError: true)',
  success: 'a success (result without isError: true)',
};

/**
 * `mcp.layer`: the failure is reported at the layer the taxonomy assigns to the expected failure
 * class (seed 002: "Assert the member that exists"). Without an expectation, a tool result whose
 * text starts with `MCP error -32xxx:` is a protocol error demoted to a tool error: SDK 1.32 answers
 * unknown tools that way, which MCP 2025-11-25 tools.mdx lists as a protocol error.
 */
export function mcpLayer(input: RuleInput, out: Violation[]): void {
  const actual = layerOf(input.envelope);
  if (actual === null) return;
  const path = actual === 'protocol' ? ['error'] : ['result'];
  const { layer, failureClass } = input.expected;
  if (layer !== undefined) {
    if (actual === layer) return;
    const why = failureClass === undefined ? '' : ` for failure class ${failureClass}`;
    out.push(
      _violation('mcp.layer', path, `${LAYER_NAMES[layer]}${why}`, _received(actual, input)),
    );
    return;
  }
  const demoted = actual === 'tool' ? _demotedCode(input.envelope['result']) : null;
  if (demoted !== null) {
    out.push(
      _violation(
        'mcp.layer',
        ['result'],
        LAYER_NAMES.protocol,
        `a tool error carrying "MCP error ${demoted}:", a protocol error demoted to isError`,
      ),
    );
  }
}

function _received(actual: Layer, input: RuleInput): string {
  const error = input.envelope['error'];
  if (actual === 'protocol' && isJsonObject(error) && typeof error['code'] === 'number') {
    return `${LAYER_NAMES.protocol} with code ${error['code']}`;
  }
  return LAYER_NAMES[actual];
}

function _demotedCode(result: unknown): string | null {
  if (!isJsonObject(result) || !Array.isArray(result['content'])) return null;
  for (const block of result['content'] as readonly unknown[]) {
    if (isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
      return DEMOTED_MARKER.exec(block['text'])?.[1] ?? null;
    }
  }
  return null;
}
