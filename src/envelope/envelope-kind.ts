import { layerOf, messageKind } from './message-kind.js';

/**
 * What kind of envelope a value is, as a message names it: a response by its layer (docs/design.md
 * "Vocabulary"), else the JSON-RPC 2.0 message it is (§4, §5), else none. Two envelopes of one
 * kind may differ in every member a mutator carries over (an id, a text); two of different kinds
 * break different rules.
 */
export function envelopeKind(value: unknown): string {
  const message = messageKind(value);
  if (message === 'invalid') return 'a value that is no JSON-RPC message';
  if (message !== 'response') return `a ${message}`;
  const layer = layerOf(value);
  if (layer === 'protocol') return 'a protocol error';
  return layer === 'tool' ? 'a tool error' : 'a success';
}
