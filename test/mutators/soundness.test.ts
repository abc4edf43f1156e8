import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMutators, changeId } from '../../mutators/index.js';
import { clientDecision } from '../../src/arbitraries/client-decision.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import type { Mutator, MutatorContext } from '../../src/mutant/mutator.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { check } from '../../src/oracle/check.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES, type ProfileName, type Taxonomy } from '../../src/taxonomy/taxonomy.js';

/**
 * Soundness of the catalogue (docs/design.md "Mutators are pure"): on every valid envelope (or correct decision) a
 * mutator applies to, EVERY variant makes the oracle report at least one of the mutator's expected
 * killers, and the original reports nothing. A fixed seed keeps CI reproducible.
 */
const RUNS = { numRuns: 200, seed: 20_261_130 } as const;

/** A tenth of the runs: the rarest target kind (tool failures) is about a fifth of valid envelopes. */
const MIN_APPLIED = 20;

/** Profile-specific mutators run under the profile that defines what they break. */
const PROFILES_OF: Readonly<Record<string, readonly ProfileName[]>> = {
  'drop-result-type': ['mcp-2026-07-28'],
};

const TAXONOMIES = new Map(PROFILE_NAMES.map((profile) => [profile, resolveTaxonomy({ profile })]));

/** One input of a soundness property: a valid target with everything the oracle and mutator need. */
interface SoundnessCase {
  readonly target: unknown;
  readonly context: CheckContext;
  readonly taxonomy: Taxonomy;
  readonly seed: number;
}

/** What one run exercised: how many targets the mutator applied to, how many variants it made. */
interface SoundnessStats {
  applied: number;
  variants: number;
}

function taxonomyOf(profile: ProfileName): Taxonomy {
  const taxonomy = TAXONOMIES.get(profile);
  if (taxonomy === undefined) throw new Error(`no taxonomy for ${profile}`);
  return taxonomy;
}

/** Every correct decision, with retries (rare under the default policy) drawn as often as the rest. */
function decisions(taxonomy: Taxonomy): fc.Arbitrary<unknown> {
  return fc.oneof(
    clientDecision({ taxonomy }),
    clientDecision({ taxonomy, actions: ['retry-bounded'] }),
  );
}

function cases(mutator: Mutator): fc.Arbitrary<SoundnessCase> {
  const profiles = PROFILES_OF[mutator.name] ?? PROFILE_NAMES;
  const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });
  return fc.constantFrom(...profiles).chain((profile) => {
    const taxonomy = taxonomyOf(profile);
    const targets =
      mutator.target === 'decision'
        ? decisions(taxonomy).map((target) => ({ target, context: {} }))
        : validResponse({ taxonomy }).map(({ envelope, context }) => ({
            target: envelope,
            context,
          }));
    return fc
      .tuple(targets, seed)
      .map(([{ target, context }, s]) => ({ target, context, taxonomy, seed: s }));
  });
}

function brokenRules(mutator: Mutator, value: unknown, c: SoundnessCase): RuleName[] {
  const violations =
    mutator.target === 'decision'
      ? checkDecision(value, c.taxonomy)
      : check(value, c.context, c.taxonomy);
  return violations.map((violation) => violation.rule);
}

/** Runs the soundness property of `mutator` on `cases`; `stats` says what it exercised. */
function checkSoundness(
  mutator: Mutator,
  cases: fc.Arbitrary<SoundnessCase>,
  stats: SoundnessStats,
): fc.RunDetails<[SoundnessCase]> {
  return fc.check(
    fc.property(cases, (c) => {
      expect(brokenRules(mutator, c.target, c), 'the original is valid').toEqual([]);
      const context: MutatorContext = {
        taxonomy: c.taxonomy,
        seed: c.seed,
        canaries: c.context.canaries ?? [],
        check: c.context,
      };
      const variants = [...mutator.mutate(c.target, context)];
      if (variants.length > 0) stats.applied += 1;
      stats.variants += variants.length;
      for (const variant of variants) {
        const rules = brokenRules(mutator, variant.value, c);
        const killed = rules.some((rule) => mutator.expectedKillers.includes(rule));
        expect(killed, `${variant.replacement}: reported [${rules.join(', ')}]`).toBe(true);
      }
    }),
    RUNS,
  );
}

describe('mutator soundness', () => {
  // HTTP-layer mutators see exchanges, not envelopes: test/mutators/http-soundness.test.ts.
  const onEnvelopesAndDecisions = allMutators.filter((mutator) => mutator.target !== 'http');
  it.each(onEnvelopesAndDecisions.map((mutator) => [mutator.name, mutator] as const))(
    'should make the oracle report an expected killer for every variant of %s',
    (_name, mutator) => {
      // Arrange
      const stats: SoundnessStats = { applied: 0, variants: 0 };

      // Act
      const details = checkSoundness(mutator, cases(mutator), stats);

      // Assert
      expect(details.failed, fc.defaultReportMessage(details) ?? '').toBe(false);
      // Not vacuous: the mutator applied to a fair share of the targets and made variants.
      expect(stats.applied, 'targets the mutator applied to').toBeGreaterThanOrEqual(MIN_APPLIED);
      expect(stats.variants).toBeGreaterThanOrEqual(stats.applied);
    },
  );

  it('should fail the soundness check of a change-id that keeps the id (negative control)', () => {
    // Arrange
    const keepsId: Mutator = {
      ...changeId,
      name: 'change-id-keeps-id',
      *mutate(target) {
        yield { value: structuredClone(target), replacement: 'id kept', path: ['id'] };
      },
    };
    const stats: SoundnessStats = { applied: 0, variants: 0 };

    // Act
    const details = checkSoundness(keepsId, cases(keepsId), stats);

    // Assert
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toContain('id kept');
  });
});
