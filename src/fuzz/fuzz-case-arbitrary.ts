import * as fc from 'fast-check';
import type { ObservedEnvelope } from '../arbitraries/observed-envelope.js';
import type { JsonObject, JsonRpcId } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { RequestId } from './decoder.js';
import type { Delivery, FuzzCase, InFlightRequest } from './fuzz-case.js';

/** A valid or malformed envelope, as `validResponse` / `malformedResponse` yield them. */
export interface GeneratedEnvelope extends ObservedEnvelope {
  readonly breaks?: readonly RuleName[];
}

/** The sources a fuzz case is drawn from. */
export interface FuzzCaseSources {
  /** The envelope under test (valid or malformed), with the context naming its request. */
  readonly generated: fc.Arbitrary<GeneratedEnvelope>;
  /** Valid answers for the other in-flight requests (their ids are overwritten). */
  readonly companion: fc.Arbitrary<ObservedEnvelope>;
  /** Fresh request ids, for requests the generated context does not name. */
  readonly requestId: fc.Arbitrary<JsonRpcId>;
  /** The method of a request whose envelope's context names none; default `tools/call`. */
  readonly method?: string;
}

/**
 * Fuzz cases: two requests in flight (the one the generated envelope answers, and another one),
 * the generated envelope and a valid answer for the other request, in either order. Built with
 * `map` only, so fast-check shrinks the sources and a seed and path replay the same case.
 */
export function fuzzCaseArbitrary(sources: FuzzCaseSources): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      generated: sources.generated,
      companion: sources.companion,
      freshId: sources.requestId,
      companionFirst: fc.boolean(),
    })
    .map(({ generated, companion, freshId, companionFirst }) =>
      buildCase(generated, companion, freshId, companionFirst, sources.method ?? 'tools/call'),
    );
}

function buildCase(
  generated: GeneratedEnvelope,
  companion: ObservedEnvelope,
  freshId: JsonRpcId,
  companionFirst: boolean,
  method: string,
): FuzzCase {
  const target = requestId(generated.context.requestId, freshId);
  const named = (generated.context.inFlightIds ?? []).find(
    (id): id is RequestId => id !== null && id !== target,
  );
  const other = distinctId(named ?? requestId(freshId, 0), target);
  // Each request takes the method (and tool outputSchema) of the envelope that answers it, so
  // that the oracle and the decoder judge the envelope as an answer to the same request.
  const requests: InFlightRequest[] = [
    request(target, generated.context, method),
    request(other, companion.context, method),
  ];
  const underTest: Delivery = {
    envelope: raw(generated.envelope),
    intendedFor: target,
    role: 'generated',
  };
  const answer: Delivery = {
    envelope: raw({ ...companion.envelope, id: other }),
    intendedFor: other,
    role: 'companion',
  };
  return {
    requests,
    deliveries: companionFirst ? [answer, underTest] : [underTest, answer],
    breaks: generated.breaks ?? [],
    canaries: generated.context.canaries ?? [],
  };
}

function request(id: RequestId, context: CheckContext, fallback: string): InFlightRequest {
  const method = context.method ?? fallback;
  const { outputSchema } = context;
  return method === 'tools/call' && outputSchema !== undefined
    ? { id, method, outputSchema }
    : { id, method };
}

function raw(value: JsonObject): Delivery['envelope'] {
  return { text: JSON.stringify(value), value };
}

function requestId(id: JsonRpcId | undefined, fallback: JsonRpcId): RequestId {
  if (id !== undefined && id !== null) return id;
  return fallback ?? 0;
}

/**
 * An id that differs from `taken` in text and in numeric value, so that an envelope carrying a
 * type-flipped or loosely equal `taken` never also names the other request.
 */
function distinctId(id: RequestId, taken: RequestId): RequestId {
  const clash = String(id) === String(taken) || Number(id) === Number(taken);
  if (!clash) return id;
  return typeof id === 'number' ? id + 1 : `${id}-other`;
}
