import { layerOf } from '../../src/envelope/message-kind.js';
import { hasMember, isJsonObject } from '../../src/envelope/json-value.js';
import type {
  DecodedOutcome,
  Decoder,
  DecoderSession,
  RawEnvelope,
  RequestId,
  RequestInfo,
} from '../../src/fuzz/decoder.js';
import { DECODER_RULES } from '../../src/fuzz/oracle-judge.js';
import { check } from '../../src/oracle/check.js';
import { findLeak } from '../../src/oracle/leak-patterns.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../../src/taxonomy/taxonomy.js';

/** One request in flight and what the session made of it. */
export interface PendingEntry {
  readonly id: RequestId;
  readonly method: string;
  readonly info: RequestInfo;
  outcome: DecodedOutcome;
}

/**
 * A deliberately correct client session: matches ids strictly (JSON-RPC 2.0 §5: same value, same
 * type), validates the envelope before believing it (with the oracle's decoder rules), ignores
 * what it cannot attribute, never touches other requests, and shows the model only redacted text.
 * `BrokenSession` (broken-decoder.ts) overrides one hook per planted defect.
 */
export class ReferenceSession implements DecoderSession {
  protected entries: PendingEntry[] = [];

  constructor(protected readonly taxonomy: Taxonomy) {}

  request(id: RequestId, method: string, info: RequestInfo): void {
    this.entries.push({ id, method, info, outcome: { kind: 'pending' } });
  }

  receive(envelope: RawEnvelope): void {
    const value = envelope.value ?? parse(envelope.text);
    if (!isJsonObject(value) || !hasMember(value, 'id')) {
      this.unattributable();
      return;
    }
    const entry = this.find(value['id']);
    if (entry === undefined) {
      this.unattributable();
      return;
    }
    // JSON-RPC 2.0 §5: one response per request; a second one for a settled request is ignored.
    if (entry.outcome.kind !== 'pending') return;
    entry.outcome = this.decode(value, entry);
    if (entry.outcome.kind === 'invalid') this.unattributable();
  }

  outcome(id: RequestId): DecodedOutcome {
    return this.find(id)?.outcome ?? { kind: 'pending' };
  }

  /** The entry a response id names: same value and same JSON type only. */
  protected find(id: unknown): PendingEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  /** A message no request can own: nothing to record, nothing else to disturb. */
  protected unattributable(): void {}

  protected decode(value: Readonly<Record<string, unknown>>, entry: PendingEntry): DecodedOutcome {
    const context = { requestId: entry.id, method: entry.method, ...entry.info };
    const broken = check(value, context, this.taxonomy).filter((violation) =>
      DECODER_RULES.includes(violation.rule),
    );
    if (broken.length > 0)
      return { kind: 'invalid', modelFacing: 'The server sent an invalid response.' };
    const layer = layerOf(value);
    if (layer === 'protocol')
      return this.protocolError(value['error'] as Readonly<Record<string, unknown>>);
    const result = value['result'];
    // JSON-RPC 2.0 alone allows any result value; only a CallToolResult has content to show.
    const modelFacing = sanitize(isJsonObject(result) ? text(result['content']) : '');
    return layer === 'tool'
      ? { kind: 'tool-error', modelFacing }
      : { kind: 'success', modelFacing };
  }

  protected protocolError(error: Readonly<Record<string, unknown>>): DecodedOutcome {
    const code = error['code'] as number;
    const modelFacing = `Request failed (${code}): ${sanitize(String(error['message']))}`;
    return { kind: 'protocol-error', code, modelFacing };
  }
}

/** The reference decoder: one {@link ReferenceSession} per case. */
export function referenceDecoder(profile: Taxonomy['profile']['name'] = 'mcp-2025-11-25'): Decoder {
  const taxonomy = resolveTaxonomy({ profile });
  return {
    name: 'reference',
    sanitizes: true,
    createSession: () => new ReferenceSession(taxonomy),
  };
}

/** Text that carries anything secret-shaped is withheld whole: a partial redaction may still leak. */
export function sanitize(text: string): string {
  return findLeak(text) === null ? text : '[withheld: the text carried a secret]';
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The text blocks of a CallToolResult, joined: what a client would put before the model. */
function text(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { text: string } =>
        isJsonObject(block) && typeof block['text'] === 'string',
    )
    .map((block) => block.text)
    .join('\n');
}
