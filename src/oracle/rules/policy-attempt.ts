import { type JsonPath, hasMember, isJsonObject } from '../../envelope/json-value.js';
import type { Violation } from '../violation.js';
import { violation, describeTyped, describeValue } from '../violation-message.js';

/**
 * `policy.attempt`: a `retry-bounded` decision that records its attempt gives the retry a new
 * request id and links it to the attempt it repeats (docs/design.md "Client failure policy").
 * Reusing the id VALUE is the violation, whatever its JSON type: 1 and "1" are one id to every peer
 * that normalizes ids, so the retry's answer could be matched to the failed exchange.
 */
export function policyAttempt(decision: unknown, out: Violation[]): void {
  if (!isJsonObject(decision) || decision['action'] !== 'retry-bounded') return;
  if (!hasMember(decision, 'attempt')) return;
  const attempt = decision['attempt'];
  const report = (path: JsonPath, expected: string, received: string) =>
    out.push(violation('policy.attempt', path, expected, received, 'decision'));
  if (!isJsonObject(attempt)) {
    report(['attempt'], 'an attempt {requestId, previousRequestId}', describeValue(attempt));
    return;
  }
  const requestId = attempt['requestId'];
  const previous = attempt['previousRequestId'];
  if (!isId(requestId)) {
    report(
      ['attempt', 'requestId'],
      'the retry request id (string or number)',
      describeValue(requestId),
    );
  }
  if (!isId(previous)) {
    report(
      ['attempt', 'previousRequestId'],
      'the id of the attempt this retry repeats',
      describeValue(previous),
    );
  } else if (isId(requestId) && String(requestId) === String(previous)) {
    const expected = `a new request id, not the failed attempt's ${describeTyped(previous)}`;
    report(['attempt', 'requestId'], expected, describeTyped(requestId));
  }
}

function isId(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}
