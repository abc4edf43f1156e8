import { layerOf } from '../envelope/message-kind.js';
import { check } from '../oracle/check.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { JudgeEnvelope } from './envelope-verdict.js';

/**
 * The rules a decoder must enforce before it may call a response a success: shape of the
 * message (JSON-RPC 2.0 §4, §5, §5.1) and of the tool result (MCP 2025-11-25 tools). Rules about
 * the server's choices (`jsonrpc.error-code`, `mcp.layer`), secrets (`sanitize.leak`) and id
 * matching (judged by `correlation`) do not make an envelope undecodable.
 */
export const DECODER_RULES: readonly RuleName[] = [
  'jsonrpc.version',
  'jsonrpc.members',
  'jsonrpc.error-shape',
  'mcp.is-error',
  'mcp.content',
  'mcp.structured-content',
  'mcp.result-type',
];

/**
 * A {@link JudgeEnvelope} backed by the oracle: the envelope is `invalid` when it breaks one of
 * {@link DECODER_RULES} as an answer to the request, else the layer it reports.
 */
export function oracleJudge(taxonomy: Taxonomy): JudgeEnvelope {
  return (envelope, request) => {
    const subject = envelope.value ?? envelope.text;
    const context = {
      requestId: request.id,
      method: request.method,
      ...(request.outputSchema === undefined ? {} : { outputSchema: request.outputSchema }),
    };
    const violations = check(subject, context, taxonomy);
    const undecodable = violations.some((violation) => DECODER_RULES.includes(violation.rule));
    const layer = layerOf(envelope.value);
    return { class: undecodable || layer === null ? 'invalid' : layer, violations };
  };
}
