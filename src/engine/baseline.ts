import { readFile } from 'node:fs/promises';
import { ConfigError } from '../errors.js';
import { formatPosition, parseJson } from '../config/parse-json.js';
import { unreadableBecause } from '../config/unreadable-because.js';
import type { MutantResult, MutationRun } from '../mutant/mutation-run.js';
import type { ShardInfo } from '../mutant/mutation-run.js';
import { isInShard } from './shard.js';

/** One accepted survivor: a mutant the team decided not to kill, and why. */
export interface AcceptedMutant {
  readonly id: string;
  readonly reason: string;
}

/** An entry of the baseline that no longer describes a survivor. */
export interface StaleEntry {
  readonly id: string;
  readonly why: string;
}

export interface AppliedBaseline {
  /** The run with every accepted survivor `Ignored` (out of both scores, as in StrykerJS). */
  readonly run: MutationRun;
  readonly accepted: readonly string[];
  readonly stale: readonly StaleEntry[];
}

export interface ApplyBaselineOptions {
  /** A shard judges only its own entries: another shard's mutant is not "gone". */
  readonly shard?: ShardInfo;
  /** `--mutant` ids: when some are given, entries outside them are not judged. */
  readonly only?: readonly string[];
}

/**
 * Reads `accepted.json`: `{ "accepted": [{ "id": "…", "reason": "…" }] }` (a bare array is
 * accepted too). A missing file, bad JSON, an entry without an id or a reason are ConfigErrors.
 */
export async function readBaseline(file: string): Promise<AcceptedMutant[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `baseline: ${file} ${unreadableBecause(error)}. Pass the accepted-survivors JSON file to --baseline (or "baseline" in the config).`,
    );
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ConfigError(
      `baseline: ${file} is not JSON (${formatPosition(parsed.position)}). Fix the file.`,
    );
  }
  return parseBaseline(parsed.value, file);
}

/** Validates a parsed baseline; `where` names it in messages. */
export function parseBaseline(value: unknown, where: string): AcceptedMutant[] {
  const list = Array.isArray(value) ? value : field(value, 'accepted');
  if (!Array.isArray(list)) {
    throw new ConfigError(
      `baseline: ${where} has no "accepted" array. Write { "accepted": [{ "id": "…", "reason": "…" }] }.`,
    );
  }
  const seen = new Set<string>();
  return list.map((entry: unknown, i) => {
    const id = field(entry, 'id');
    const reason = field(entry, 'reason');
    if (typeof id !== 'string' || id === '') {
      const found =
        id === undefined || id === ''
          ? 'has no "id"'
          : `has the id ${JSON.stringify(id)}, not a string`;
      throw new ConfigError(
        `baseline: ${where} accepted[${i}] ${found}. Copy the mutant id from the report, in quotes.`,
      );
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new ConfigError(
        `baseline: ${where} accepted[${i}] (${id}) has no "reason". Say why the team accepts this survivor.`,
      );
    }
    if (seen.has(id)) {
      throw new ConfigError(`baseline: ${where} lists ${id} twice. Keep one entry per mutant.`);
    }
    seen.add(id);
    return { id, reason };
  });
}

/**
 * Marks accepted survivors `Ignored` and finds stale entries: a mutant now detected (killed or
 * timed out) or one that no longer exists. Stale entries fail the run, so the list cannot rot.
 * Survived and NoCoverage count as survivors; a Pending or RuntimeError mutant is left alone.
 */
export function applyBaseline(
  run: MutationRun,
  accepted: readonly AcceptedMutant[],
  options: ApplyBaselineOptions = {},
): AppliedBaseline {
  const byId = new Map(run.mutants.map((mutant) => [mutant.id, mutant]));
  const reasons = new Map<string, string>();
  const stale: StaleEntry[] = [];
  for (const entry of accepted) {
    if (!isInShard(entry.id, options.shard)) continue;
    if ((options.only?.length ?? 0) > 0 && !options.only?.includes(entry.id)) continue;
    const mutant = byId.get(entry.id);
    if (mutant === undefined) {
      stale.push({ id: entry.id, why: 'no such mutant any more (site, mutator or seed changed)' });
    } else if (mutant.status === 'Killed' || mutant.status === 'Timeout') {
      const where = mutant.killedAt === undefined ? '' : ` by ${mutant.killedAt.test}`;
      stale.push({
        id: entry.id,
        why: `now ${mutant.status === 'Killed' ? 'killed' : 'timed out'}${where}`,
      });
    } else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
      reasons.set(entry.id, entry.reason);
    }
  }
  const mutants = run.mutants.map((mutant) => accept(mutant, reasons.get(mutant.id)));
  return { run: { ...run, mutants }, accepted: [...reasons.keys()], stale };
}

/** The console lines of a baseline: what was accepted, and each stale entry with why. */
export function formatBaseline(applied: AppliedBaseline, file: string): string {
  const lines = [
    `baseline: ${applied.accepted.length} accepted survivor(s) from ${file} are Ignored (out of both scores)`,
  ];
  for (const entry of applied.stale) {
    lines.push(`baseline: stale entry ${entry.id}: ${entry.why}. Remove it from ${file}.`);
  }
  return `${lines.join('\n')}\n`;
}

function accept(mutant: MutantResult, reason: string | undefined): MutantResult {
  if (reason === undefined) return mutant;
  return { ...mutant, status: 'Ignored', statusReason: `accepted survivor: ${reason}` };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
