import { isJsonObject } from '../envelope/json-value.js';
import type { MutantResult, MutantStatus, VerdictSource } from '../mutant/mutation-run.js';
import { isRuleName } from '../oracle/rule-name.js';

/**
 * One verdict of `incremental.json`: the fingerprint it holds while, and the result to reuse.
 *
 * @internal
 */
export interface SavedVerdict {
  readonly fingerprint: string;
  readonly result: MutantResult;
}

/**
 * A saved verdict entry that can be reused, or what is wrong with it.
 *
 * @internal
 */
export type CheckedVerdict =
  | { readonly ok: true; readonly verdict: SavedVerdict }
  | { readonly ok: false; readonly problem: string };

// Records rather than lists: a status or a source added to its type fails to compile here until
// it is added. `Pending` is no saved status: `save` drops it, so that the next run tests it.
const SAVED_STATUSES: Readonly<Record<Exclude<MutantStatus, 'Pending'>, true>> = {
  Killed: true,
  Survived: true,
  Timeout: true,
  NoCoverage: true,
  RuntimeError: true,
  Ignored: true,
};
const VERDICT_SOURCES: Readonly<Record<VerdictSource, true>> = {
  isolated: true,
  batched: true,
  confirmed: true,
  reused: true,
  unobserved: true,
};

/** The longest piece of a damaged value a problem quotes: enough to recognise it in the file. */
const QUOTED_LENGTH = 40;

/**
 * Checks the entry `verdicts[id]` of the state file: every field that reusing it and writing the
 * reports rely on must be there with its type (a reused verdict skips every check a run's own
 * verdict went through, and a damaged one would crash the report writers at the end of the run,
 * or pass a status no run gives to the gate). The problem names the field as the file spells it,
 * e.g. `result.status "Bogus" is not one of Killed, Survived, …`.
 *
 * @internal
 */
export function checkSavedVerdict(id: string, entry: unknown): CheckedVerdict {
  const problem = problemOf(id, entry);
  // problemOf found every field of a SavedVerdict there with its type.
  return problem === undefined
    ? { ok: true, verdict: entry as SavedVerdict }
    : { ok: false, problem };
}

function problemOf(id: string, entry: unknown): string | undefined {
  if (!isJsonObject(entry)) return `the entry is ${kindOf(entry)}, not an object`;
  if (typeof entry['fingerprint'] !== 'string')
    return wrongType('fingerprint', entry['fingerprint'], 'a string');
  const result = entry['result'];
  if (!isJsonObject(result)) return wrongType('result', result, 'an object');
  const status = result['status'];
  if (typeof status !== 'string' || !Object.hasOwn(SAVED_STATUSES, status)) {
    const statuses = Object.keys(SAVED_STATUSES).join(', ');
    return status === undefined
      ? 'result.status is missing'
      : `result.status ${quote(status)} is not one of ${statuses}`;
  }
  for (const field of ['id', 'siteKey', 'mutatorName', 'replacement', 'statusReason'] as const) {
    const value = result[field];
    if (field === 'statusReason' && value === undefined) continue;
    if (typeof value !== 'string') return wrongType(`result.${field}`, value, 'a string');
  }
  // The verdict of another mutant, e.g. after a merge that mixed two entries up.
  if (result['id'] !== id) return `result.id ${quote(result['id'])} is not the entry's id`;
  if (!isPath(result['path']))
    return wrongType('result.path', result['path'], 'an array of strings and integers', isStep);
  for (const field of ['killedBy', 'coveredBy'] as const) {
    if (!isStrings(result[field]))
      return wrongType(`result.${field}`, result[field], 'an array of strings', isString);
  }
  const source = result['verdictSource'];
  if (
    source !== undefined &&
    (typeof source !== 'string' || !Object.hasOwn(VERDICT_SOURCES, source))
  )
    return `result.verdictSource ${quote(source)} is not one of ${Object.keys(VERDICT_SOURCES).join(', ')}`;
  return result['killedAt'] === undefined ? undefined : killedAtProblem(result['killedAt']);
}

/** What is wrong with `result.killedAt` (see `KilledAt`), when it is there. */
function killedAtProblem(killedAt: unknown): string | undefined {
  if (!isJsonObject(killedAt)) return wrongType('result.killedAt', killedAt, 'an object');
  if (typeof killedAt['test'] !== 'string')
    return wrongType('result.killedAt.test', killedAt['test'], 'a string');
  const rule = killedAt['rule'];
  if (rule !== null && !isRuleName(rule))
    return rule === undefined
      ? 'result.killedAt.rule is missing'
      : `result.killedAt.rule ${quote(rule)} is neither a rule name nor null`;
  if (typeof killedAt['named'] !== 'boolean')
    return wrongType('result.killedAt.named', killedAt['named'], 'a boolean');
  const timedOut = killedAt['timedOut'];
  return timedOut === undefined || typeof timedOut === 'boolean'
    ? undefined
    : wrongType('result.killedAt.timedOut', timedOut, 'a boolean');
}

function isPath(value: unknown): boolean {
  return Array.isArray(value) && value.every(isStep);
}

function isStep(step: unknown): boolean {
  return typeof step === 'string' || Number.isInteger(step);
}

function isStrings(value: unknown): boolean {
  return Array.isArray(value) && value.every(isString);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

/**
 * `result.siteKey is missing`, `result.killedBy is not an array of strings (a string)`, or, for
 * an array whose items fail `isItem`, `… (it holds a number)`.
 */
function wrongType(
  field: string,
  value: unknown,
  expected: string,
  isItem?: (item: unknown) => boolean,
): string {
  if (value === undefined) return `${field} is missing`;
  const items: readonly unknown[] = isItem !== undefined && Array.isArray(value) ? value : [];
  const odd = items.find((item) => isItem?.(item) === false);
  const kind = odd === undefined ? kindOf(value) : `it holds ${kindOf(odd)}`;
  return `${field} is not ${expected} (${kind})`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A damaged value as JSON, cut short: it may be anything a hand or a disk left there. */
function quote(value: unknown): string {
  // JSON.stringify gives undefined for undefined, whatever its type says.
  const text = (JSON.stringify(value) as string | undefined) ?? String(value);
  return text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}…` : text;
}
