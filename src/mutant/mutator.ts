import type { JsonPath } from '../envelope/json-value.js';
import type { Site } from './mutation-run.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

/** What a mutator attacks: an envelope member of a layer, or a client decision. */
export type MutatorLayer = 'envelope' | 'protocol' | 'tool' | 'decision' | 'http';

/** Everything a mutator may depend on. Mutators take all randomness from `seed` via fast-check. */
export interface MutatorContext {
  readonly taxonomy: Taxonomy;
  readonly seed: number;
  /** The project's canaries (config `canaries`); empty means "plant CANARY_PATTERN values". */
  readonly canaries: readonly string[];
  /** What the tap knew about the site (request id, in-flight ids, expected outcome, …). */
  readonly check: CheckContext;
}

/** One mutated value a mutator proposes for a site. */
export interface Variant {
  /** The mutated envelope (or decision). Never the input object itself, never deep-equal to it. */
  readonly value: unknown;
  /** Short human text for reports, e.g. `id 41 → "41"`. */
  readonly replacement: string;
  /** The member that was changed, e.g. `['result', 'isError']`; `[]` for the whole message. */
  readonly path: JsonPath;
}

/**
 * A mutator: a small pure object. It never modifies its input, does no I/O, and yields nothing
 * where it does not apply (it never throws). `Name` is its name as a literal type, so the
 * catalogue can derive the union of its names (`MutatorName`).
 */
export interface Mutator<Name extends string = string> {
  /** Stable kebab-case name; the `mutatorName` in reports. Never renamed once released. */
  readonly name: Name;
  readonly description: string;
  readonly layer: MutatorLayer;
  /**
   * `envelope` mutators see envelopes (tapMessage, transports); `decision` ones see decisions;
   * `http` ones see HTTP exchanges (`mutatingFetch`); `request-id` ones see the id a client
   * allocates for a request (`connectRaw`).
   */
  readonly target: 'envelope' | 'decision' | 'http' | 'request-id';
  /** Rules whose failure counts as a named kill of this mutator's mutants. */
  readonly expectedKillers: readonly RuleName[];
  /**
   * A harmless mutator makes changes the profile allows (a reworded message, an allowed extension
   * member): it expects no killer, and a suite that fails on one of its mutants is Brittle there
   * (docs/design.md "Vocabulary"). Its mutants count in neither score.
   */
  readonly harmless?: true;
  /** Bumped whenever the variants a mutator yields change: invalidates incremental verdicts. */
  readonly version: number;
  mutate(target: unknown, context: MutatorContext): Iterable<Variant>;
  /**
   * Variants of a log line (a `log` site: `tapLog`, `tapStderr`), the whole line as a string. Only
   * the mutators that have it see log sites: a log line is no envelope, and the sanitization rule
   * reaches it too (docs/design.md "Sanitization": canaries stay out of ordinary logs).
   */
  mutateLine?(line: string, context: MutatorContext): Iterable<Variant>;
}

/**
 * The variants `mutator` proposes for a site of `kind` whose value is `value`: a log line goes to
 * `mutateLine` (none when the mutator has none or the value is no string), every other site to
 * `mutate` when the mutator's `target` is that kind.
 *
 * @internal
 */
export function variantsFor(
  mutator: Mutator,
  kind: Site['kind'],
  value: unknown,
  context: MutatorContext,
): Iterable<Variant> {
  if (kind === 'log') {
    return mutator.mutateLine === undefined || typeof value !== 'string'
      ? []
      : mutator.mutateLine(value, context);
  }
  return mutator.target === kind ? mutator.mutate(value, context) : [];
}
