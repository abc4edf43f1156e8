import type { Violation } from '../oracle/violation.js';
import type { RawEnvelope } from './decoder.js';
import type { InFlightRequest } from './fuzz-case.js';

/**
 * What an envelope really is, for the request it is read against: `invalid` when it breaks a rule
 * a decoder must enforce, else the layer it reports (docs/design.md "Vocabulary").
 */
export type EnvelopeClass = 'success' | 'protocol' | 'tool' | 'invalid';

/** The oracle's judgement of one envelope against one request. */
export interface EnvelopeVerdict {
  readonly class: EnvelopeClass;
  readonly violations: readonly Violation[];
}

/** Judges a delivered envelope as an answer to `request`; pure and deterministic. */
export type JudgeEnvelope = (envelope: RawEnvelope, request: InFlightRequest) => EnvelopeVerdict;
