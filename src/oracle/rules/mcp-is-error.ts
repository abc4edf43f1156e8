import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

const PATH = ['result', 'isError'] as const;

/**
 * `mcp.is-error`: `isError`, when present, is a boolean; a tool failure carries exactly `true`
 * and a success does not (MCP 2025-11-25 schema.ts `CallToolResult.isError?: boolean`). A string
 * `"true"` or `1` is no flag: a client testing `=== true` reads it as a success.
 */
export function mcpIsError({ envelope, expected }: RuleInput, out: Violation[]): void {
  const result = envelope['result'];
  if (!isJsonObject(result)) return;
  const present = hasMember(result, 'isError');
  const isError = result['isError'];
  if (present && typeof isError !== 'boolean') {
    out.push(violation('mcp.is-error', PATH, 'a boolean', describeValue(isError)));
    return;
  }
  if (expected.layer === 'tool' && isError !== true) {
    out.push(violation('mcp.is-error', PATH, 'true (a tool failure)', present ? 'false' : 'none'));
  } else if (expected.layer === 'success' && isError === true) {
    out.push(violation('mcp.is-error', PATH, 'no isError or false (a success)', 'true'));
  }
}
