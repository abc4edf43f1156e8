import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

const PATH = ['result', 'resultType'] as const;

/**
 * `mcp.result-type` (profiles with `requiresResultType`, i.e. MCP 2026-07-28): every result
 * carries `resultType`, `"complete"` or `"input_required"`. `"input_required"` is an interim
 * answer, neither success nor failure, so it never passes where the test expects an outcome, nor
 * alongside `isError: true`.
 */
export function mcpResultType({ envelope, taxonomy, expected }: RuleInput, out: Violation[]): void {
  if (!taxonomy.profile.requiresResultType) return;
  const result = envelope['result'];
  if (!isJsonObject(result)) return;
  const resultType = result['resultType'];
  if (resultType === 'complete') return;
  const name = taxonomy.profile.name;
  if (resultType !== 'input_required') {
    const received = hasMember(result, 'resultType') ? describeValue(resultType) : 'none';
    out.push(
      violation(
        'mcp.result-type',
        PATH,
        `"complete" or "input_required" (${name} requires resultType)`,
        received,
      ),
    );
    return;
  }
  if (expected.layer !== undefined || result['isError'] === true) {
    out.push(
      violation('mcp.result-type', PATH, '"complete" for a final result', '"input_required"'),
    );
  }
}
