import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { callToolResultOf, isInputRequired } from '../call-tool-result.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

/**
 * `mcp.content`: a CallToolResult's `content` is an array of valid content blocks, non-empty on a
 * tool failure (MCP 2025-11-25 schema.ts `ContentBlock`: text, image, audio, resource_link,
 * resource). `content` is required in every revision, so `result: {}` for tools/call fails.
 */
export function mcpContent(input: RuleInput, out: Violation[]): void {
  const result = callToolResultOf(input);
  if (result === null) {
    judgeNonObjectResult(input, out);
    return;
  }
  if (isInputRequired(result, input)) return;
  const content = result['content'];
  if (!Array.isArray(content)) {
    out.push(
      violation(
        'mcp.content',
        ['result', 'content'],
        'an array of content blocks',
        describeValue(content),
      ),
    );
    return;
  }
  if (content.length === 0 && result['isError'] === true) {
    out.push(
      violation(
        'mcp.content',
        ['result', 'content'],
        'at least one content block saying what failed (isError is true)',
        'an empty array',
      ),
    );
    return;
  }
  for (let index = 0; index < content.length; index += 1) {
    const problem = contentBlockProblem(content[index] as unknown);
    if (problem !== null)
      out.push(
        violation('mcp.content', ['result', 'content', index], problem.expected, problem.received),
      );
  }
}

/** A tools/call answered with a result that is not even an object (`result: 42`, `result: null`). */
function judgeNonObjectResult({ envelope, context }: RuleInput, out: Violation[]): void {
  if (context.method !== 'tools/call' || !hasMember(envelope, 'result')) return;
  const result = envelope['result'];
  if (isJsonObject(result)) return;
  out.push(
    violation(
      'mcp.content',
      ['result'],
      'a CallToolResult object with content',
      describeValue(result),
    ),
  );
}

/** Why `block` is not a valid MCP content block, or `null` when it is one. */
export function contentBlockProblem(block: unknown): { expected: string; received: string } | null {
  if (!isJsonObject(block))
    return { expected: 'a content block object', received: describeValue(block) };
  const type = block['type'];
  const need = (fields: readonly string[]) => {
    const missing = fields.filter((field) => typeof block[field] !== 'string');
    return missing.length === 0
      ? null
      : {
          expected: `${type === 'image' || type === 'audio' ? 'an' : 'a'} ${String(type)} block with string ${fields.join(' and ')}`,
          received: `a block without string ${missing.join(' and ')}`,
        };
  };
  switch (type) {
    case 'text':
      return need(['text']);
    case 'image':
    case 'audio':
      return need(['data', 'mimeType']);
    case 'resource_link':
      return need(['uri', 'name']);
    case 'resource':
      return embeddedResourceProblem(block['resource']);
    default:
      return {
        expected: 'a block type of text, image, audio, resource_link or resource',
        received: `type ${describeValue(type)}`,
      };
  }
}

function embeddedResourceProblem(resource: unknown): { expected: string; received: string } | null {
  const expected = 'a resource block whose resource has a string uri and a string text or blob';
  if (!isJsonObject(resource)) return { expected, received: `resource ${describeValue(resource)}` };
  const ok =
    typeof resource['uri'] === 'string' &&
    (typeof resource['text'] === 'string' || typeof resource['blob'] === 'string');
  return ok ? null : { expected, received: 'a resource without them' };
}
