import type { MutantResult, Site, TestInfo } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { hintLine, type AssertionStyle, type HintImport, type HintVariable } from './hint-line.js';
import { knownFailureAt } from './known-failure.js';

/**
 * The assertion that would have killed one surviving mutant at its rule, or named the kill of one
 * the suite killed without naming a rule, and where it goes: ready to paste into the covering
 * test, after the line that holds the value the tap returned (before the assertion that failed,
 * for a kill).
 *
 * @internal
 */
export interface SurvivorHint {
  readonly mutantId: string;
  readonly mutatorName: string;
  /**
   * Set for a mutant the suite killed, but not at an assertion naming one of its expected rules:
   * `unnamed` when the failure named no rule (a plain `expect`, an SDK error, a timeout),
   * `elsewhere` when it named another rule. Absent for a survivor.
   */
  readonly killed?: 'unnamed' | 'elsewhere';
  /** The rule the line names: one of the mutator's expected killers. */
  readonly rule: RuleName;
  /** One line of test code, e.g. `expect(response?.id, 'jsonrpc.id').toBe(41)`. */
  readonly code: string;
  /** The placeholder in `code` for the value the tap returned; rename it to the test's variable. */
  readonly variable: HintVariable;
  readonly imports: readonly HintImport[];
  readonly style: AssertionStyle;
  /** The test file, relative to the project root. */
  readonly testFile: string;
  /** Full names of the tests that observed the site (every test of the file for a file-level site). */
  readonly testNames: readonly string[];
  readonly siteKey: string;
  /** What the site observed, to tell the user which value `variable` is. */
  readonly method?: string;
  /** What `code` needs to kill at its rule beyond pasting it (e.g. a request timeout). */
  readonly note?: string;
  /**
   * Set when the site is a known failure (see `knownFailureAt`): `code` would pin the breach, so
   * the hint points to the finding and the baseline instead; `baselineEntry` accepts the survivor.
   */
  readonly finding?: string;
  readonly baselineEntry?: string;
}

/** What {@link survivorHint} needs besides the mutant. */
export interface SurvivorHintOptions {
  readonly site: Site;
  readonly tests: readonly TestInfo[];
  readonly style: AssertionStyle;
  readonly canaries: readonly string[];
  /** The config's `allowedValues`: no leak at a site that carries them. */
  readonly allowedValues?: readonly string[];
  readonly taxonomy: Taxonomy;
}

/**
 * The hint of a mutant that survived (or had no coverage) or was killed but not named, or
 * `undefined` for any other status and for a mutator no single assertion kills at this site.
 */
export function survivorHint(
  mutant: Pick<MutantResult, 'id' | 'mutatorName' | 'status' | 'killedAt'>,
  options: SurvivorHintOptions,
): SurvivorHint | undefined {
  const killed = notNamed(mutant);
  if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage' && killed === undefined)
    return undefined;
  const { site } = options;
  const line = hintLine({
    mutatorName: mutant.mutatorName,
    siteKind: site.kind,
    value: site.value,
    check: site.check,
    style: options.style,
    canaries: unique([...options.canaries, ...(site.check.canaries ?? [])]),
    taxonomy: options.taxonomy,
  });
  if (line === undefined) return undefined;
  const names = new Map(options.tests.map((test) => [test.id, test.name]));
  const finding = knownFailureAt({
    site,
    tests: options.tests,
    rule: line.rule,
    canaries: options.canaries,
    allowedValues: options.allowedValues ?? [],
    taxonomy: options.taxonomy,
  });
  // A kill at a known failure needs no other line: the breach it documents is already there.
  if (killed !== undefined && finding !== undefined) return undefined;
  return {
    mutantId: mutant.id,
    mutatorName: mutant.mutatorName,
    ...(killed === undefined ? {} : { killed }),
    rule: line.rule,
    code: line.code,
    variable: line.variable,
    imports: line.imports,
    style: options.style,
    testFile: site.file,
    testNames: site.testIds.map((id) => names.get(id) ?? id),
    siteKey: site.key,
    ...(site.check.method === undefined ? {} : { method: site.check.method }),
    ...(line.note === undefined ? {} : { note: line.note }),
    ...(finding === undefined
      ? {}
      : {
          finding,
          baselineEntry: JSON.stringify({ id: mutant.id, reason: reason(finding) }),
        }),
  };
}

/**
 * How a kill missed its rule, or `undefined` when the mutant was not killed or was killed named.
 *
 * @internal
 */
export function notNamed(
  mutant: Pick<MutantResult, 'status' | 'killedAt'>,
): 'unnamed' | 'elsewhere' | undefined {
  if (mutant.status !== 'Killed' || mutant.killedAt?.named === true) return undefined;
  return (mutant.killedAt?.rule ?? null) === null ? 'unnamed' : 'elsewhere';
}

function reason(finding: string): string {
  const line = finding.replace(/\s+/g, ' ');
  return line.length <= 160 ? line : `${line.slice(0, 159)}…`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
