import type { Violation } from '../oracle/violation.js';
import type { DecodedOutcome, RawEnvelope, RequestId } from './decoder.js';
import type { ClientAction } from '../taxonomy/client-action.js';
import type { Delivery, InFlightRequest, Rewording } from './fuzz-case.js';
import type { Counterexample, FuzzReport } from './fuzz-report.js';
import type { PropertyFailure } from './judge-case.js';
import type { SessionCrash } from './observe-case.js';
import type { PropertyName } from './property-name.js';

/** Version tag of the fixture format; bumped on any incompatible change. */
export const FUZZ_FIXTURE_FORMAT = 'envelope-mutants/fuzz-fixture@1';

/** One delivered envelope in a fixture, with the oracle's verdict on it. */
export interface FixtureEnvelope extends RawEnvelope {
  readonly intendedFor: RequestId;
  readonly role: Delivery['role'];
  /** The oracle's violations, judged against the request the envelope was meant for. */
  readonly violations: readonly Violation[];
}

/**
 * A counterexample as a self-contained JSON file: what was in flight, what arrived, what the
 * decoder made of it and why that breaks the property. A regression suite replays it with
 * `replayFuzzFixture`, without fast-check.
 */
export interface FuzzFixture {
  readonly format: typeof FUZZ_FIXTURE_FORMAT;
  /** A name for the regression case, e.g. `mcp-sdk breaks correlation: …`. */
  readonly name: string;
  readonly decoder: string;
  readonly property: PropertyName;
  readonly profile: string;
  readonly replay: { readonly seed: number; readonly path: string; readonly command: string };
  readonly requests: readonly InFlightRequest[];
  readonly envelopes: readonly FixtureEnvelope[];
  /** The rules the generated envelope breaks by construction. */
  readonly breaks: readonly string[];
  readonly canaries: readonly string[];
  /** The prose changes `prose-invariance` replays the envelopes with. */
  readonly rewordings?: readonly Rewording[];
  /** Outcomes aligned with `requests`: after the requests were sent, then after each envelope. */
  readonly outcomes: readonly (readonly DecodedOutcome[])[];
  /** The actions tapped with `tapDecision`, per step as `outcomes`; absent when none was. */
  readonly decisions?: readonly (readonly ClientAction[])[];
  readonly crash?: SessionCrash;
  readonly failures: readonly PropertyFailure[];
}

/**
 * The fixture of one counterexample of `report`. `decoderFlag` is what `--decoder` was given.
 *
 * @internal
 */
export function toFuzzFixture(
  report: FuzzReport,
  example: Counterexample,
  decoderFlag: string,
): FuzzFixture {
  const first = example.failures[0]?.message ?? example.property;
  const { crash, decisions } = example.observation;
  // Every case carries rewordings; only a prose-invariance counterexample depends on them.
  const rewordings = example.property === 'prose-invariance' ? example.case.rewordings : undefined;
  return {
    format: FUZZ_FIXTURE_FORMAT,
    name: `${report.decoder} breaks ${example.property}: ${first}`,
    decoder: report.decoder,
    property: example.property,
    profile: report.profile,
    replay: {
      seed: example.seed,
      path: example.path,
      command: replayCommand(decoderFlag, report.profile, example),
    },
    requests: example.case.requests,
    envelopes: example.case.deliveries.map((delivery, index) => ({
      ...delivery.envelope,
      intendedFor: delivery.intendedFor,
      role: delivery.role,
      violations: example.violations[index] ?? [],
    })),
    breaks: example.case.breaks,
    canaries: example.case.canaries,
    ...(rewordings === undefined || rewordings.length === 0 ? {} : { rewordings }),
    outcomes: example.observation.steps,
    ...(decisions === undefined ? {} : { decisions }),
    ...(crash === undefined ? {} : { crash }),
    failures: example.failures,
  };
}

/** The command line that replays exactly this counterexample. */
export function replayCommand(
  decoderFlag: string,
  profile: string,
  example: Counterexample,
): string {
  return `envelope-mutants fuzz --decoder ${decoderFlag} --profile ${profile} --seed ${example.seed} --path ${example.path}`;
}

/**
 * A file name for the fixture: decoder, property, seed and path; safe on every file system.
 *
 * @internal
 */
export function fuzzFixtureFileName(fixture: FuzzFixture): string {
  const slug = slugOf(fixture.decoder);
  const { seed, path } = fixture.replay;
  // Deep shrink paths get long: past 40 characters a short hash names them instead.
  const pathPart = path.length <= 40 ? path.replaceAll(':', '_') : `h${fnv1aHex(path)}`;
  return `${slug}.${fixture.property}.seed-${seed}.path-${pathPart}.json`;
}

/**
 * The decoder's name as a file name's start: past 60 characters its start and a hash, so that the
 * whole name stays within the 255 bytes file systems allow.
 */
function slugOf(name: string): string {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.length <= 60 ? slug : `${slug.slice(0, 48)}-h${fnv1aHex(name)}`;
}

/** FNV-1a, 32 bits, in hex: stable across runs and platforms. */
function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
