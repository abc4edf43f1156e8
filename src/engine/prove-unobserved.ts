import type { MutantResult } from '../mutant/mutation-run.js';
import type { Read, ReadLog } from '../taps/tap-protocol.js';
import type { RoundMutant } from './execute-rounds.js';
import { mutantResult } from './judge-mutant.js';

/** The mutants an unobserved-mutant proof decided, and the rest, which still need their runs. */
export interface UnobservedProof {
  readonly proven: readonly MutantResult[];
  readonly rest: readonly RoundMutant[];
}

/**
 * Survived, without a run, for every mutant the suite cannot tell from its original: each read
 * the suite made of the site's envelope in a tracked copy of the unmutated run answers the same
 * on the mutant (docs/design.md "Unobserved mutants"). A mutant changes only what its site's tap
 * returns, so its reference run is then the unmutated run, read for read: green, with its site
 * reached. Sites without a log (not envelopes, or an untracked run) and opaque logs prove
 * nothing. `reads` are the tracked copy's logs by site key.
 */
export function proveUnobserved(
  entries: readonly RoundMutant[],
  reads: ReadonlyMap<string, ReadLog> | undefined,
): UnobservedProof {
  if (reads === undefined || reads.size === 0) return { proven: [], rest: entries };
  const proven: MutantResult[] = [];
  const rest: RoundMutant[] = [];
  for (const entry of entries) {
    const log = reads.get(entry.site.key);
    if (
      log === undefined ||
      log.opaque !== undefined ||
      entry.site.testIds.length === 0 ||
      !readsAgree(log.reads, entry.site.value, entry.mutant.value)
    ) {
      rest.push(entry);
      continue;
    }
    proven.push(
      mutantResult(entry.mutant, {
        status: 'Survived',
        statusReason: `no read of its envelope tells it from the original: the suite read ${describeReads(log.reads)}, and each gives the same on the mutant, so its run is the unmutated, green one`,
        killedBy: [],
        coveredBy: entry.site.testIds,
        verdictSource: 'unobserved',
      }),
    );
  }
  return { proven, rest };
}

/** Whether each read gives the same answer on `mutated` as on `original`. */
export function readsAgree(reads: readonly Read[], original: unknown, mutated: unknown): boolean {
  return reads.every((read) => answerOf(read, original) === answerOf(read, mutated));
}

/** What a read tells the suite about `root`, as text to compare. */
function answerOf(read: Read, root: unknown): string {
  switch (read.op) {
    case 'keys': {
      const node = at(root, read.path);
      return node.found && isObject(node.value)
        ? JSON.stringify(Reflect.ownKeys(node.value))
        : 'not an object';
    }
    case 'has': {
      const parent = at(root, read.path.slice(0, -1));
      const key = read.path.at(-1) ?? '';
      return String(parent.found && isObject(parent.value) && Object.hasOwn(parent.value, key));
    }
    case 'value':
      return valueAnswer(at(root, read.path));
    case 'match': {
      const node = at(root, read.path);
      const index = node.found ? read.among.indexOf(node.value) : -1;
      return String(index === -1 ? read.otherwise : index);
    }
  }
}

/** A primitive as JSON, an object or an array by its kind only (its members are reads too). */
function valueAnswer(node: Found): string {
  if (!node.found) return 'absent';
  const { value } = node;
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

type Found = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** The own member at `path`, following own members only (what a read of plain JSON sees). */
function at(root: unknown, path: readonly string[]): Found {
  let value = root;
  for (const key of path) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return { found: false };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The members read, for the verdict's reason: `result.isError, id (which request)`, at most 6. */
function describeReads(reads: readonly Read[]): string {
  const name = (path: readonly string[]): string =>
    path.length === 0 ? 'the envelope' : path.join('.');
  const members = [
    ...new Set(
      reads
        .filter((read) => read.op !== 'has' && (read.path.length > 0 || read.op === 'keys'))
        .map((read) =>
          read.op === 'match'
            ? `${name(read.path)} (only which request it answers)`
            : read.op === 'keys'
              ? `the member names of ${name(read.path)}`
              : name(read.path),
        ),
    ),
  ];
  if (members.length === 0) return 'nothing of it';
  const shown = members.slice(0, 6).join(', ');
  return members.length > 6 ? `${shown} and ${members.length - 6} more` : shown;
}
