import { envelopeKind } from '../envelope/envelope-kind.js';
import { isJsonObject } from '../envelope/json-value.js';
import { isHttpExchange } from '../http/http-exchange.js';
import type { SiteKind } from './tap-protocol.js';

/**
 * What a site's value is, in words, where a mutant planned on one value and met at its key on a
 * value of another kind tests a rule neither breaks: an envelope's kind (`envelopeKind`), an HTTP
 * exchange's status and the tool its request calls. `undefined` for the other sites, whose values
 * a mutant fits whatever they hold (a decision, a log line, an id).
 */
export function kindOfSiteValue(kind: SiteKind, value: unknown): string | undefined {
  if (kind === 'envelope') return envelopeKind(value);
  if (kind !== 'http' || !isHttpExchange(value)) return undefined;
  const call = value.request.body;
  const params = isJsonObject(call) ? call['params'] : undefined;
  const tool = isJsonObject(params) ? params['name'] : undefined;
  const status = `an HTTP ${value.response.status} answer`;
  return typeof tool === 'string' ? `${status} to a call of "${tool}"` : status;
}
