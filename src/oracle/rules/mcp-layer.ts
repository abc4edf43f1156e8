import type { Layer } from '../../envelope/envelope.js';
import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { layerOf } from '../../envelope/message-kind.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

/** The MCP TypeScript SDK's text for a protocol error it turned into a tool result (SDK 1.32 `McpServer`). */
const DEMOTED_MARKER = /^MCP error (-32\d{3}):/;
/** SDK 1.32 `validateToolInput` text: an input-validation failure, a tool error since SEP-1303. */
const INPUT_VALIDATION = /^MCP error -32602: (?:Input validation error|Invalid arguments for tool)/;

const LAYER_NAMES: Readonly<Record<Layer, string>> = {
  protocol: 'a protocol error (JSON-RPC error member)',
  tool: 'a tool error (result with isError: true)',
  success: 'a success (result without isError: true)',
};

/**
 * `mcp.layer`: the failure is reported at the layer the taxonomy assigns to the expected failure
 * class (docs/design.md "Two layers": assert the member that exists). Without an expectation, a
 * tool result whose text starts with `MCP error -32xxx:` is a protocol error demoted to a tool
 * error: SDK 1.32 answers unknown tools that way, which MCP 2025-11-25 tools.mdx lists as a
 * protocol error. An error object under `result`, or a tool result under `error`, is misplaced
 * whatever the test expects.
 */
export function mcpLayer(input: RuleInput, out: Violation[]): void {
  const actual = layerOf(input.envelope);
  if (actual === null) return;
  const path = actual === 'protocol' ? ['error'] : ['result'];
  const { layer, failureClass } = input.expected;
  if (layer !== undefined) {
    if (actual === layer) return;
    const why = failureClass === undefined ? '' : ` for failure class ${failureClass}`;
    out.push(violation('mcp.layer', path, `${LAYER_NAMES[layer]}${why}`, received(actual, input)));
    return;
  }
  const misplaced = misplacement(actual, input);
  if (misplaced !== null)
    out.push(violation('mcp.layer', path, misplaced.expected, misplaced.received));
}

/**
 * With no expectation, only unmistakable misplacements are judged: the SDK's demoted protocol
 * error, a JSON-RPC error object sitting under `result`, and a CallToolResult sitting under `error`.
 */
function misplacement(
  actual: Layer,
  { envelope, taxonomy }: RuleInput,
): { expected: string; received: string } | null {
  const result = envelope['result'];
  if (actual === 'tool') {
    const demoted = demotedCode(
      result,
      taxonomy.failureClasses.get('tool-input-invalid')?.layer === 'tool',
    );
    if (demoted === null) return null;
    return {
      expected: LAYER_NAMES.protocol,
      received: `a tool error carrying "MCP error ${demoted}:", a protocol error demoted to isError`,
    };
  }
  if (actual === 'success' && looksLikeErrorObject(result)) {
    return {
      expected: LAYER_NAMES.protocol,
      received: 'a JSON-RPC error object {code, message} under result',
    };
  }
  const error = envelope['error'];
  if (
    actual === 'protocol' &&
    isJsonObject(error) &&
    (hasMember(error, 'content') || hasMember(error, 'isError'))
  ) {
    return { expected: LAYER_NAMES.tool, received: 'a tool result {content, isError} under error' };
  }
  return null;
}

function looksLikeErrorObject(result: unknown): boolean {
  return (
    isJsonObject(result) &&
    Number.isInteger(result['code']) &&
    typeof result['message'] === 'string' &&
    !hasMember(result, 'content')
  );
}

function received(actual: Layer, input: RuleInput): string {
  const error = input.envelope['error'];
  if (actual === 'protocol' && isJsonObject(error) && typeof error['code'] === 'number') {
    return `${LAYER_NAMES.protocol} with code ${error['code']}`;
  }
  return LAYER_NAMES[actual];
}

/**
 * The code of the SDK marker in the first text block. An input-validation text is not a demotion
 * where the taxonomy puts `tool-input-invalid` at the tool layer (SDK 1.32 `McpServer` reports it
 * with the same marker, and MCP 2025-11-25 wants exactly that layer).
 */
function demotedCode(result: unknown, inputInvalidIsToolError: boolean): string | null {
  if (!isJsonObject(result) || !Array.isArray(result['content'])) return null;
  for (const block of result['content'] as readonly unknown[]) {
    if (isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
      const text = block['text'];
      if (inputInvalidIsToolError && INPUT_VALIDATION.test(text)) return null;
      return DEMOTED_MARKER.exec(text)?.[1] ?? null;
    }
  }
  return null;
}
