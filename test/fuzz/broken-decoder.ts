import { isJsonObject } from '../../src/envelope/json-value.js';
import type { DecodedOutcome, Decoder, RawEnvelope } from '../../src/fuzz/decoder.js';
import type { PropertyName } from '../../src/fuzz/property-name.js';
import { tapDecision } from '../../src/taps/tap-decision.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../../src/taxonomy/taxonomy.js';
import { type PendingEntry, ReferenceSession, sanitize } from './reference-decoder.js';

/** The planted defects, each named after the property that must catch it. */
export const DEFECTS = {
  'session-survives': 'crashes on a response without jsonrpc',
  'no-false-success': 'treats isError results as success',
  correlation: 'matches ids loosely (==)',
  isolation: 'clears every pending request on one bad message',
  'no-leak': 'passes error.data to the model-facing text',
  'prose-invariance': 'retries a failure whose text says it is temporary',
} as const satisfies Record<PropertyName, string>;

export type Defect = keyof typeof DEFECTS;

/** The reference session with the chosen defects planted. */
class BrokenSession extends ReferenceSession {
  constructor(
    taxonomy: Taxonomy,
    private readonly defects: ReadonlySet<Defect>,
  ) {
    super(taxonomy);
  }

  override receive(envelope: RawEnvelope): void {
    if (this.defects.has('session-survives') && isJsonObject(envelope.value)) {
      // Trusts the wire: throws a TypeError when `jsonrpc` is missing (or not a string).
      const version = envelope.value['jsonrpc'] as string;
      version.startsWith('2');
    }
    super.receive(envelope);
  }

  protected override find(id: unknown): PendingEntry | undefined {
    if (!this.defects.has('correlation')) return super.find(id);
    return this.entries.find((entry) => entry.id == id);
  }

  protected override unattributable(): void {
    if (!this.defects.has('isolation')) return;
    // Forgets every request still waiting: their answers will find no one.
    this.entries = this.entries.filter((entry) => entry.outcome.kind !== 'pending');
  }

  protected override decode(
    value: Readonly<Record<string, unknown>>,
    entry: PendingEntry,
  ): DecodedOutcome {
    const decoded = super.decode(value, entry);
    if (this.defects.has('prose-invariance')) decideFromProse(decoded);
    if (this.defects.has('no-false-success') && decoded.kind === 'tool-error') {
      return { kind: 'success', modelFacing: decoded.modelFacing ?? '' };
    }
    return decoded;
  }

  protected override protocolError(error: Readonly<Record<string, unknown>>): DecodedOutcome {
    const decoded = super.protocolError(error);
    if (!this.defects.has('no-leak') || error['data'] === undefined) return decoded;
    const code = error['code'] as number;
    const modelFacing = `${sanitize(String(error['message']))} ${JSON.stringify(error['data'])}`;
    return { kind: 'protocol-error', code, modelFacing };
  }
}

/**
 * The failure policy of a client that reads prose: a failure whose text says "temporary" (or
 * "temporarily") is transient and retried, through `tapDecision` as a client suite taps it.
 */
function decideFromProse(decoded: DecodedOutcome): void {
  if (decoded.kind !== 'tool-error' && decoded.kind !== 'protocol-error') return;
  const kind = decoded.kind === 'tool-error' ? 'tool' : 'protocol';
  const transient = /temporar/i.test(decoded.modelFacing ?? '');
  const context = {
    kind,
    transient,
    sideEffectMayHaveOccurred: false,
    userActionRequired: false,
  } as const;
  const action =
    kind === 'protocol' ? 'stop-protocol' : transient ? 'retry-bounded' : 'show-tool-error';
  tapDecision(action, context);
}

/** A decoder with the given defects (default: all six). */
export function brokenDecoder(
  defects: readonly Defect[] = Object.keys(DEFECTS) as Defect[],
): Decoder {
  const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
  const planted = new Set(defects);
  return {
    name: `broken(${defects.join(',')})`,
    sanitizes: true,
    createSession: () => new BrokenSession(taxonomy, planted),
  };
}
