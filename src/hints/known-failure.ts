import type { Site, TestInfo } from '../mutant/mutation-run.js';
import { check } from '../oracle/check.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

// How a test says the envelope it observes is already known to break the taxonomy: `init` names
// the test that holds a finding's answer `… (known failure: …)`, next to the finding's `it.fails`.
const KNOWN_FAILURE = /\bknown failure\b/i;

/** What {@link knownFailureAt} needs to know about the site. */
export interface KnownFailureInput {
  readonly site: Site;
  readonly tests: readonly TestInfo[];
  /** The rule the hint would assert. */
  readonly rule: RuleName;
  readonly canaries: readonly string[];
  readonly allowedValues: readonly string[];
  readonly taxonomy: Taxonomy;
}

/**
 * Why a hint at this site would assert the bug rather than the contract, or `undefined`: a
 * covering test says the site is a known failure, or the envelope the site observed already
 * breaks the rule the hint names (a line pinning what the site saw would then pin the breach).
 */
export function knownFailureAt(input: KnownFailureInput): string | undefined {
  const names = new Map(input.tests.map((test) => [test.id, test.name]));
  const marked = input.site.testIds
    .map((id) => names.get(id) ?? id)
    .find((name) => KNOWN_FAILURE.test(name));
  // The test is named for the known failure; the block around it for the case that fails.
  if (marked !== undefined) return `known failure: ${marked.split(' > ').at(-2) ?? marked}`;
  if (input.site.kind !== 'envelope') return undefined;
  let violations;
  try {
    const canaries = [...(input.site.check.canaries ?? []), ...input.canaries];
    const allowed = [...(input.site.check.allowedValues ?? []), ...input.allowedValues];
    violations = check(
      input.site.value,
      {
        ...input.site.check,
        ...(canaries.length === 0 ? {} : { canaries }),
        ...(allowed.length === 0 ? {} : { allowedValues: allowed }),
      },
      input.taxonomy,
    );
  } catch {
    // A site whose context the oracle cannot read gets the ordinary hint.
    return undefined;
  }
  const broken = violations.find((violation) => violation.rule === input.rule);
  return broken === undefined
    ? undefined
    : `the observed envelope already breaks ${broken.rule}: ${broken.message}`;
}
