import type { Violation } from '../oracle/violation.js';
import type { FuzzCase } from './fuzz-case.js';
import type { PropertyFailure } from './judge-case.js';
import type { Observation } from './observe-case.js';
import type { PropertyName } from './property-name.js';

/**
 * One shrunk case that breaks `property`. `--seed <seed> --path <path>` replays exactly this
 * case (fast-check replay).
 */
export interface Counterexample {
  readonly property: PropertyName;
  readonly seed: number;
  readonly path: string;
  readonly case: FuzzCase;
  /** What the decoder did: outcomes after each delivery, and its crash if any. */
  readonly observation: Observation;
  /** The failures of `property` in this case. */
  readonly failures: readonly PropertyFailure[];
  /** The oracle's violations of each delivery, judged against the request it was meant for. */
  readonly violations: readonly (readonly Violation[])[];
}

/** The verdict on one property. `skipped`: not judged (e.g. `no-leak` without `sanitizes`). */
export interface PropertyResult {
  readonly name: PropertyName;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly counterexample?: Counterexample;
  readonly reason?: string;
}

/** What `fuzzDecoder` found. Deterministic for a given decoder, options and seed. */
export interface FuzzReport {
  readonly decoder: string;
  readonly profile: string;
  readonly seed: number;
  readonly runs: number;
  /** The replayed path, when the run replayed one case. */
  readonly path?: string;
  /** Cases generated over all searches (shrinking attempts not counted). */
  readonly cases: number;
  /** True when at least one property is broken. */
  readonly failed: boolean;
  readonly properties: readonly PropertyResult[];
}
