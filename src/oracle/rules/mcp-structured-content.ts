import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { callToolResultOf, isInputRequired } from '../call-tool-result.js';
import { outputSchemaValidator } from '../output-schema-validator.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

const PATH = ['result', 'structuredContent'] as const;

/**
 * `mcp.structured-content`: on success, `structuredContent` is an object conforming to the tool's
 * `outputSchema` (MCP 2025-06-18+ tools.mdx: "Servers MUST provide structured results that conform
 * to this schema"); on a tool failure it is absent, since a schema-shaped value would make the
 * failure look like a result.
 */
export function mcpStructuredContent(input: RuleInput, out: Violation[]): void {
  const result = callToolResultOf(input);
  if (result === null || isInputRequired(result, input)) return;
  const problem = structuredContentProblem(result, input.context.outputSchema);
  if (problem !== null) {
    out.push(violation('mcp.structured-content', PATH, problem.expected, problem.received));
  }
}

function structuredContentProblem(
  result: Readonly<Record<string, unknown>>,
  schema: RuleInput['context']['outputSchema'],
): { expected: string; received: string } | null {
  const present = hasMember(result, 'structuredContent');
  const value = result['structuredContent'];
  if (result['isError'] === true) {
    return present
      ? { expected: 'no structured content on a tool failure', received: describeValue(value) }
      : null;
  }
  if (present && !isJsonObject(value))
    return { expected: 'an object', received: describeValue(value) };
  if (schema === undefined) return null;
  const expected = 'structured content conforming to the tool outputSchema';
  if (!present) return { expected, received: 'none' };
  const received = schemaProblem(schema, value);
  return received === null ? null : { expected, received };
}

function schemaProblem(
  schema: NonNullable<RuleInput['context']['outputSchema']>,
  value: unknown,
): string | null {
  const validate = outputSchemaValidator(schema);
  try {
    if (validate(value)) return null;
  } catch {
    // A recursive schema on hostile input may exhaust the stack: report instead of crashing.
    return 'a value too deeply nested to validate';
  }
  const first = validate.errors?.[0];
  if (first === undefined) return 'a non-conforming value';
  return `a value whose ${first.instancePath === '' ? 'root' : first.instancePath} ${first.message ?? 'does not conform'}`;
}
