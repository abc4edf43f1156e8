import type { Problem } from './decoded-response.js';
import type { PendingRequest } from './in-flight.js';

type Json = Readonly<Record<string, unknown>>;

/** The layer a response claims by its members (see `DecodedInvalid.layer`). */
export function claimedLayer(raw: Json): 'protocol' | 'tool' | 'success' | null {
  if (Object.hasOwn(raw, 'error')) return 'protocol';
  if (!Object.hasOwn(raw, 'result')) return null;
  const result = raw['result'];
  return isObject(result) && result['isError'] === true ? 'tool' : 'success';
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every rule the response breaks, in wire order: version, correlation, members, then the inner
 * contract of the member present. `request` is what the id matched (undefined: nothing did).
 */
export function checkResponse(raw: Json, request: PendingRequest | undefined): Problem[] {
  const problems: Problem[] = [];
  if (raw['jsonrpc'] !== '2.0') {
    problems.push({ rule: 'jsonrpc.version', reason: 'jsonrpc is not "2.0" (JSON-RPC 2.0 §5)' });
  }
  if (request === undefined) {
    problems.push({
      rule: 'jsonrpc.id',
      reason: 'the id answers no request in flight (JSON-RPC 2.0 §5)',
    });
  }
  const hasResult = Object.hasOwn(raw, 'result');
  if (hasResult === Object.hasOwn(raw, 'error')) {
    const which = hasResult ? 'both result and error' : 'neither result nor error';
    problems.push({ rule: 'jsonrpc.members', reason: `it carries ${which} (JSON-RPC 2.0 §5)` });
    return problems;
  }
  const inner = hasResult ? _checkResult(raw['result'], request) : _checkError(raw['error']);
  return [...problems, ...inner];
}

function _checkError(error: unknown): Problem[] {
  const ok =
    isObject(error) && Number.isInteger(error['code']) && typeof error['message'] === 'string';
  return ok
    ? []
    : [
        {
          rule: 'jsonrpc.error-shape',
          reason: 'error needs an integer code and a string message (JSON-RPC 2.0 §5.1)',
        },
      ];
}

/** MCP 2025-11-25 schema.ts `ContentBlock`: a block of any other type is no content block. */
const CONTENT_TYPES: ReadonlySet<unknown> = new Set([
  'text',
  'image',
  'audio',
  'resource_link',
  'resource',
]);

/** MCP 2025-11-25 `CallToolResult`: content blocks, a boolean isError, no structured payload on failure. */
function _checkResult(result: unknown, request: PendingRequest | undefined): Problem[] {
  if (!isObject(result)) return [{ rule: 'jsonrpc.members', reason: 'result is not an object' }];
  if (request?.method !== 'tools/call') return [];
  const problems: Problem[] = [];
  const isError = result['isError'];
  if (isError !== undefined && typeof isError !== 'boolean') {
    problems.push({ rule: 'mcp.is-error', reason: 'isError is not a boolean' });
  }
  const content = result['content'];
  if (
    !Array.isArray(content) ||
    !content.every((block) => isObject(block) && CONTENT_TYPES.has(block['type']))
  ) {
    problems.push({ rule: 'mcp.content', reason: 'content is not an array of content blocks' });
  } else if (isError === true && content.length === 0) {
    problems.push({ rule: 'mcp.content', reason: 'a tool failure must say what failed' });
  }
  if (isError === true && Object.hasOwn(result, 'structuredContent')) {
    problems.push({
      rule: 'mcp.structured-content',
      reason: 'a tool failure carries no structuredContent',
    });
  }
  return problems;
}
