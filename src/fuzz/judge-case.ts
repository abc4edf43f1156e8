import { describeValue, type DescribeOptions } from '../envelope/describe-value.js';
import { findLeak } from '../oracle/leak-patterns.js';
import type { DecodedOutcome, RequestId } from './decoder.js';
import type { JudgeEnvelope } from './envelope-verdict.js';
import type { Delivery, FuzzCase, InFlightRequest } from './fuzz-case.js';
import type { Observation } from './observe-case.js';
import type { PropertyName } from './property-name.js';

/** An id in a finding is shown whole, as JSON: it is what a reader looks for in the fixture. */
const ID: DescribeOptions = { json: true, maxLength: Number.POSITIVE_INFINITY };

/** One broken property in one case: which, for which request, after which delivery, and why. */
export interface PropertyFailure {
  readonly property: PropertyName;
  readonly message: string;
  readonly request?: RequestId;
  /** Index into `case.deliveries` of the envelope that led to the failure. */
  readonly delivery?: number;
  /**
   * Holds only if a control run, with this request's own answer alone, settles it (else the
   * decoder simply does not take that answer, and no other envelope is to blame).
   */
  readonly needsControl?: boolean;
}

/** What {@link judgeCase} needs besides the case and what the decoder did. */
export interface JudgeCaseOptions {
  readonly judge: JudgeEnvelope;
  /** The decoder's declaration: only then is `no-leak` judged. */
  readonly sanitizes: boolean;
}

/**
 * Every property the observation breaks. A request is attributed to the envelope whose delivery
 * moved it out of `pending` (or changed its settled outcome): that is how correlation is seen
 * without trusting the decoder to say which response it used.
 */
export function judgeCase(
  fuzzCase: FuzzCase,
  observation: Observation,
  options: JudgeCaseOptions,
): PropertyFailure[] {
  const failures: PropertyFailure[] = [];
  if (observation.crash !== undefined) {
    const { hook, message, delivery } = observation.crash;
    const at = delivery === undefined ? '' : ` on delivery ${delivery}`;
    failures.push({
      property: 'session-survives',
      message: `${hook}${at} ${message}`,
      ...(delivery === undefined ? {} : { delivery }),
    });
  }
  failures.push(...beforeAnyResponse(fuzzCase, observation));
  for (let step = 1; step < observation.steps.length; step++) {
    failures.push(...judgeDelivery(fuzzCase, observation, step, options));
  }
  failures.push(...ownAnswerIgnored(fuzzCase, observation));
  if (options.sanitizes) failures.push(...leaks(fuzzCase, observation));
  return failures;
}

function beforeAnyResponse(fuzzCase: FuzzCase, observation: Observation): PropertyFailure[] {
  const first = observation.steps[0] ?? [];
  return fuzzCase.requests.flatMap((request, index) =>
    (first[index]?.kind ?? 'pending') === 'pending'
      ? []
      : [
          {
            property: 'correlation' as const,
            request: request.id,
            message: `request ${describeValue(request.id, ID)} settled before any response arrived`,
          },
        ],
  );
}

function judgeDelivery(
  fuzzCase: FuzzCase,
  observation: Observation,
  step: number,
  options: JudgeCaseOptions,
): PropertyFailure[] {
  const delivery = step - 1;
  const sent = fuzzCase.deliveries[delivery];
  if (sent === undefined) return [];
  const failures: PropertyFailure[] = [];
  for (const [index, request] of fuzzCase.requests.entries()) {
    const before = settled(observation, step, index);
    const now = observation.steps[step]?.[index] ?? { kind: 'pending' };
    if (now.kind === 'pending' || (before !== undefined && sameOutcome(before, now))) continue;
    const failure = attribute(request, sent, now, before, options);
    if (failure !== undefined) failures.push({ ...failure, request: request.id, delivery });
  }
  return failures;
}

function attribute(
  request: InFlightRequest,
  sent: Delivery,
  now: DecodedOutcome,
  before: DecodedOutcome | undefined,
  options: JudgeCaseOptions,
): Omit<PropertyFailure, 'request' | 'delivery'> | undefined {
  const carried = carriedId(sent);
  const change =
    before === undefined ? `settled as ${now.kind}` : `changed from ${before.kind} to ${now.kind}`;
  if (carried.present && carried.id === request.id) {
    // A duplicate answer for an already settled request: JSON-RPC 2.0 §5 gives one response per
    // request, so a decoder should ignore it; overwriting is not one of our properties.
    if (before !== undefined || now.kind !== 'success') return undefined;
    const verdict = options.judge(sent.envelope, request);
    if (verdict.class === 'success') return undefined;
    const rules = [...new Set(verdict.violations.map((violation) => violation.rule))].join(', ');
    return {
      property: 'no-false-success',
      message: `request ${describeValue(request.id, ID)} came out as success from an envelope the oracle judges ${verdict.class}${rules === '' ? '' : ` (${rules})`}`,
    };
  }
  const which = carried.present ? `carrying id ${describeValue(carried.id, ID)}` : 'carrying no id';
  // JSON-RPC 2.0 §5: the response id MUST be the same as the request id (same JSON type).
  if (
    request.id === sent.intendedFor ||
    (carried.present && looselyEqual(carried.id, request.id))
  ) {
    return {
      property: 'correlation',
      message: `request ${describeValue(request.id, ID)} ${change} by a response ${which}`,
    };
  }
  return {
    property: 'isolation',
    message: `request ${describeValue(request.id, ID)} ${change} by a response ${which} meant for ${describeValue(sent.intendedFor, ID)}`,
  };
}

/** A request whose own valid answer arrived must leave `pending`, whatever came before it. */
function ownAnswerIgnored(fuzzCase: FuzzCase, observation: Observation): PropertyFailure[] {
  const failures: PropertyFailure[] = [];
  for (const [delivery, sent] of fuzzCase.deliveries.entries()) {
    if (sent.role !== 'companion') continue;
    const index = fuzzCase.requests.findIndex((request) => request.id === sent.intendedFor);
    const after = observation.steps[delivery + 1]?.[index];
    if (after?.kind !== 'pending' || observation.crash !== undefined) continue;
    const others = fuzzCase.deliveries.filter((other) => other.role === 'generated');
    const cause =
      others.length === 0
        ? ''
        : ` after a response meant for ${describeValue(others[0]?.intendedFor, ID)}`;
    failures.push({
      property: 'isolation',
      request: sent.intendedFor,
      delivery,
      needsControl: true,
      message: `request ${describeValue(sent.intendedFor, ID)} stayed pending after its own valid response${cause}`,
    });
  }
  return failures;
}

function leaks(fuzzCase: FuzzCase, observation: Observation): PropertyFailure[] {
  const failures: PropertyFailure[] = [];
  const seen = new Set<number>();
  for (const [step, outcomes] of observation.steps.entries()) {
    for (const [index, outcome] of outcomes.entries()) {
      if (seen.has(index) || outcome.kind === 'pending' || outcome.modelFacing === undefined)
        continue;
      const leak = findLeak(outcome.modelFacing, fuzzCase.canaries);
      if (leak === null) continue;
      seen.add(index);
      const request = fuzzCase.requests[index]?.id ?? '?';
      failures.push({
        property: 'no-leak',
        request,
        ...(step === 0 ? {} : { delivery: step - 1 }),
        message: `model-facing text of request ${describeValue(request, ID)} carries a leak of kind ${leak.kind} (${leak.redacted})`,
      });
    }
  }
  return failures;
}

/** The first settled outcome of request `index` before `step`, if any. */
function settled(
  observation: Observation,
  step: number,
  index: number,
): DecodedOutcome | undefined {
  for (let earlier = step - 1; earlier >= 0; earlier--) {
    const outcome = observation.steps[earlier]?.[index];
    if (outcome !== undefined && outcome.kind !== 'pending') return outcome;
  }
  return undefined;
}

function sameOutcome(a: DecodedOutcome, b: DecodedOutcome): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'protocol-error' || b.kind !== 'protocol-error' || a.code === b.code;
}

function carriedId(sent: Delivery): { present: true; id: unknown } | { present: false } {
  const value = sent.envelope.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('id' in value)) {
    return { present: false };
  }
  return { present: true, id: (value as Record<string, unknown>)['id'] };
}

/** What a careless decoder would match: `==`, `String()` or `Number()` equality. */
function looselyEqual(carried: unknown, id: RequestId): boolean {
  if (typeof carried !== 'string' && typeof carried !== 'number') return false;
  return (
    carried == id ||
    String(carried) === String(id) ||
    (carried !== '' && Number(carried) === Number(id))
  );
}
