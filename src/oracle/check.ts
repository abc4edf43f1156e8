import { isJsonObject } from '../envelope/json-value.js';
import { messageKind } from '../envelope/message-kind.js';
import { parseEnvelope } from '../envelope/parse-envelope.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { CheckContext } from './check-context.js';
import { assertTaxonomy } from './assert-taxonomy.js';
import { redactLeaks } from './leak-patterns.js';
import { readCheckContext } from './read-check-context.js';
import type { EnvelopeRule, RuleInput } from './rule-input.js';
import { jsonrpcErrorCode } from './rules/jsonrpc-error-code.js';
import { jsonrpcErrorShape } from './rules/jsonrpc-error-shape.js';
import { jsonrpcId } from './rules/jsonrpc-id.js';
import { jsonrpcMembers } from './rules/jsonrpc-members.js';
import { jsonrpcVersion } from './rules/jsonrpc-version.js';
import { mcpContent } from './rules/mcp-content.js';
import { mcpIsError } from './rules/mcp-is-error.js';
import { mcpLayer } from './rules/mcp-layer.js';
import { mcpResultType } from './rules/mcp-result-type.js';
import { mcpStructuredContent } from './rules/mcp-structured-content.js';
import { sanitizeLeak } from './rules/sanitize-leak.js';
import type { Violation } from './violation.js';
import { violation, describeValue } from './violation-message.js';

/** The rules judged on a response, in report order. */
export const RESPONSE_RULES: readonly EnvelopeRule[] = [
  jsonrpcVersion,
  jsonrpcId,
  jsonrpcMembers,
  jsonrpcErrorShape,
  jsonrpcErrorCode,
  mcpLayer,
  mcpIsError,
  mcpContent,
  mcpStructuredContent,
  mcpResultType,
  sanitizeLeak,
];

/**
 * The oracle: every rule the envelope breaks under `taxonomy`, given what the test knows
 * (`context`). The envelope is a parsed message or its raw text; anything else (arrays, numbers,
 * text that is not JSON) is judged, never thrown on. A context that is not a valid `CheckContext`
 * is the caller's mistake: `ConfigError`. Pure: no I/O, no clock.
 */
export function check(envelope: unknown, context: CheckContext, taxonomy: Taxonomy): Violation[] {
  assertTaxonomy(taxonomy, 'check taxonomy');
  const read = readCheckContext(context, taxonomy);
  const parsed = typeof envelope === 'string' ? parseEnvelope(envelope) : null;
  const value = parsed === null ? envelope : parsed.value;
  const out: Violation[] = [];
  if (!isJsonObject(value)) {
    const received =
      parsed?.ok === false && parsed.failure === 'parse-error'
        ? 'text that is not JSON (JSON-RPC 2.0 §5.1 parse error)'
        : describeValue(value);
    out.push(violation('jsonrpc.version', ['jsonrpc'], '"2.0" in a message object', received));
    out.push(
      violation(
        'jsonrpc.members',
        [],
        'a response object with exactly one of result or error',
        received,
      ),
    );
    return out;
  }
  const input: RuleInput = {
    envelope: value,
    context: read.context,
    taxonomy,
    expected: read.expected,
  };
  const kind = messageKind(value);
  if (kind === 'request' || kind === 'notification') {
    checkRequest(input, kind, out);
    return out;
  }
  for (const rule of RESPONSE_RULES) rule(input, out);
  return redactCanaries(out, read.context.canaries);
}

/**
 * Messages already redact pattern-shaped secrets; the project's own canaries can have any shape,
 * so a received value quoted by any rule is scrubbed of them too.
 */
function redactCanaries(out: Violation[], canaries: readonly string[] | undefined): Violation[] {
  if (canaries === undefined || canaries.length === 0 || out.length === 0) return out;
  return out.map((violation) => ({
    ...violation,
    message: redactLeaks(violation.message, canaries),
  }));
}

/** Requests and notifications are only judged on their version and, for requests, the id's type. */
function checkRequest(input: RuleInput, kind: 'request' | 'notification', out: Violation[]): void {
  jsonrpcVersion(input, out);
  if (kind !== 'request') return;
  const id = input.envelope['id'];
  if (typeof id === 'string' || typeof id === 'number') return;
  if (id === null && input.taxonomy.profile.allowsNullId) return;
  out.push(
    violation(
      'jsonrpc.id',
      ['id'],
      `a string or number request id${id === null ? ` (${input.taxonomy.profile.name} forbids null ids)` : ''}`,
      describeValue(id),
    ),
  );
}
