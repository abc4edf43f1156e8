import { harmlessMutators } from '../../mutators/index.js';
import type { MutantResult, MutationRun } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';

const HARMLESS_NAMES: ReadonlySet<string> = new Set(
  harmlessMutators.map((mutator) => mutator.name),
);

/** Whether a mutant comes from a harmless mutator: it counts in neither score. */
export function isHarmlessMutant(mutant: { readonly mutatorName: string }): boolean {
  return HARMLESS_NAMES.has(mutant.mutatorName);
}

/** One harmless mutant a test failed on, and the assertion that failed. */
export interface BrittleFailure {
  readonly mutantId: string;
  readonly mutatorName: string;
  readonly replacement: string;
  readonly siteKey: string;
  /** The first lines of the failure message (the mutant's `statusReason`). */
  readonly assertion: string;
  /** The rule the failing assertion named, if any: a rule that held, since nothing broke one. */
  readonly rule: RuleName | null;
}

/** A test that failed on harmless mutants: where the suite is brittle, and how to fix it. */
export interface BrittleTest {
  /** The test id; `(run)` when the run failed outside any test. */
  readonly test: string;
  readonly name: string;
  readonly failures: readonly BrittleFailure[];
  readonly hint: string;
}

/** The brittleness figure of a run (docs/design.md "Vocabulary"), beside its two scores. */
export interface Brittleness {
  /** Harmless mutants with a verdict on the suite: Killed (brittle), Survived, Timeout, error. */
  readonly harmless: number;
  /** Harmless mutants the suite failed on (the run judged them Killed). */
  readonly brittle: number;
  /** Harmless mutants whose run did not finish (Timeout) or whose worker died: no verdict. */
  readonly inconclusive: number;
  /** `brittle / harmless × 100`; `null` when no harmless mutant was tested. */
  readonly percent: number | null;
  readonly tests: readonly BrittleTest[];
}

/**
 * The brittleness of a run, derived from the ordinary verdicts: a harmless mutant judged `Killed`
 * made the suite fail on a change no rule forbids, so it is Brittle at the test that failed; one
 * judged `Survived` left the suite green, as it should. Untested ones (no coverage, pending,
 * ignored) count nowhere.
 */
export function brittlenessOf(run: Pick<MutationRun, 'mutants' | 'tests'>): Brittleness {
  const harmless = run.mutants.filter(isHarmlessMutant);
  const brittle = harmless.filter((mutant) => mutant.status === 'Killed');
  const inconclusive = harmless.filter(
    (mutant) => mutant.status === 'Timeout' || mutant.status === 'RuntimeError',
  ).length;
  const tested = brittle.length + inconclusive + count(harmless, 'Survived');
  return {
    harmless: tested,
    brittle: brittle.length,
    inconclusive,
    percent: tested === 0 ? null : (brittle.length / tested) * 100,
    tests: brittlenessByTest(brittle, new Map(run.tests.map((test) => [test.id, test.name]))),
  };
}

function count(mutants: readonly MutantResult[], status: MutantResult['status']): number {
  return mutants.filter((mutant) => mutant.status === status).length;
}

function brittlenessByTest(
  brittle: readonly MutantResult[],
  names: ReadonlyMap<string, string>,
): BrittleTest[] {
  const byTest = new Map<string, BrittleFailure[]>();
  for (const mutant of brittle) {
    const test = mutant.killedAt?.test ?? mutant.killedBy[0] ?? RUN;
    const failures = byTest.get(test) ?? [];
    failures.push({
      mutantId: mutant.id,
      mutatorName: mutant.mutatorName,
      replacement: mutant.replacement,
      siteKey: mutant.siteKey,
      assertion: mutant.statusReason ?? '',
      rule: mutant.killedAt?.rule ?? null,
    });
    byTest.set(test, failures);
  }
  return [...byTest.entries()]
    .map(([test, failures]) => ({
      test,
      name: names.get(test) ?? test,
      failures,
      hint: brittleHint(failures),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const RUN = '(run)';

/**
 * What to change in a brittle test, from the failures it had: a snapshot is named as such; a
 * reworded message calls for assertions on the code and the layer; an added extension member
 * calls for assertions on the members the test needs; reordered members, for comparing members
 * rather than serialized text; a reformatted body, for comparing the value it parses to; another
 * request id, for comparing the response's id with the request's.
 */
export function brittleHint(
  failures: readonly Pick<BrittleFailure, 'mutatorName' | 'assertion'>[],
): string {
  const snapshot = failures.some((failure) => /snapshot/i.test(failure.assertion));
  const failedOn = (name: string) => failures.some((failure) => failure.mutatorName === name);
  const changed: Changes = {
    reworded: failedOn('reword-message'),
    extended: failedOn('add-extension-member'),
    reordered: failedOn('reorder-members'),
    reformatted: failedOn('reformat-json-text'),
    renumbered: failedOn('renumber-request-id'),
  };
  const changes = [
    ...(changed.reworded ? ['a reworded message'] : []),
    ...(changed.extended ? ['an allowed extension member'] : []),
    ...(changed.reordered ? ['reordered members'] : []),
    ...(changed.reformatted ? ['reformatted JSON text'] : []),
    ...(changed.renumbered ? ['another request id'] : []),
  ].join(' and on ');
  const advice = adviceFor(changed);
  // A snapshot fails on any change; what it should become depends on what changed.
  return snapshot ? `this snapshot fails on ${changes}: ${advice.short}` : advice.long;
}

/** The harmless changes a brittle test failed on. */
interface Changes {
  readonly reworded: boolean;
  readonly extended: boolean;
  readonly reordered: boolean;
  readonly reformatted: boolean;
  readonly renumbered: boolean;
}

interface Advice {
  readonly short: string;
  readonly long: string;
}

/**
 * What a brittle test should assert instead, by the harmless changes it failed on. A pinned id is
 * a mistake of its own, whatever else the test pinned: its advice is added to the other one.
 */
function adviceFor(changed: Changes): Advice {
  // JSON-RPC 2.0 §4, §5: the client chooses the id, the server echoes it.
  const short = "assert the id echoes the request's, not a number";
  const id: Advice = {
    short,
    long: `${short}: the client may choose any id (expect(response.id).toBe(request.id))`,
  };
  if (!changed.renumbered) return contentAdvice(changed);
  if (!changed.reworded && !changed.extended && !changed.reordered && !changed.reformatted) {
    return id;
  }
  const other = contentAdvice(changed);
  return { short: `${other.short}; ${id.short}`, long: `${other.long}; ${id.long}` };
}

/** The advice for changes to what a message says or how it is written. */
function contentAdvice(changed: Changes): Advice {
  if (changed.reworded) {
    const short = 'assert the code and the layer, not the whole message';
    return { short, long: `${short} (at most the stable start of its text)` };
  }
  if (changed.reformatted && !changed.reordered && !changed.extended) {
    // RFC 8259 §2: whitespace between tokens is insignificant.
    const short = 'parse the body and compare values, not its text';
    return { short, long: `${short}: a server may send JSON with any whitespace` };
  }
  if (changed.reordered && !changed.extended) {
    // RFC 8259 §4: object members are unordered; only serialized text or Object.keys sees order.
    const short = 'compare members, not serialized text or key order';
    return { short, long: `${short}: a peer may send members in any order` };
  }
  const short = 'assert the members you need, not whole objects';
  return { short, long: `${short}: error.data and result._meta may gain members` };
}
