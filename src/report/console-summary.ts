import type { MutantResult, MutationRun } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { formatHint } from '../hints/format-hint.js';
import { hintsOfRun } from '../hints/hints-of-run.js';
import type { SurvivorHint } from '../hints/survivor-hint.js';
import { gateInputOf, gateResult } from './gate.js';
import { OUTCOMES, outcomeOf, type MutantOutcome } from './mutant-outcome.js';
import { formatDuration } from './format-duration.js';
import { formatScore, scoresOf } from './scores.js';
import { brittlenessLines } from './brittleness-lines.js';
import { isHarmlessMutant } from './brittleness.js';

export interface ConsoleSummaryOptions {
  /** ANSI colours; the caller decides (`useColor`): the text reads the same without them. */
  readonly color?: boolean;
  /** Expected killers per mutator, to tell each survivor which rule should have caught it. */
  readonly expectedKillersOf?: (mutatorName: string) => readonly RuleName[];
  /** The assertion that would kill each survivor, by mutant id; default `hintsOfRun(run)`. */
  readonly hints?: ReadonlyMap<string, SurvivorHint>;
  /**
   * How many blocks of survivors to list, and of kills that named no rule (default 20 each): a
   * weak suite has hundreds, and a console that scrolls them all away hides the table above. The
   * mutants of a block share a site and a hint (the variants of one mutator, or mutators that one
   * assertion catches), so each block is one assertion to add. The reports list every mutant.
   */
  readonly maxSurvivors?: number;
}

const DEFAULT_MAX_SURVIVORS = 20;

const ANSI = { red: 31, green: 32, yellow: 33, bold: 1, dim: 2 } as const;
type Paint = (style: keyof typeof ANSI, text: string) => string;

const HEADERS: Readonly<Record<(typeof OUTCOMES)[number], string>> = {
  'killed named': 'named',
  'killed elsewhere': 'elsewhere',
  'killed unnamed': 'unnamed',
  survived: 'survived',
  timeout: 'timeout',
  'no coverage': 'no cov',
  'runtime error': 'error',
};

/**
 * The end-of-run text: a table mutator × outcome, both scores, the gate's verdict, and every
 * survivor with its site, replacement and the assertion that would kill it.
 */
export function buildConsoleSummary(all: MutationRun, options: ConsoleSummaryOptions = {}): string {
  // Harmless mutants count in no score and are no survivors: they get their own lines.
  const run = { ...all, mutants: all.mutants.filter((mutant) => !isHarmlessMutant(mutant)) };
  const paint: Paint = (style, text) =>
    options.color === true ? `\x1b[${ANSI[style]}m${text}\x1b[0m` : text;
  const { counts } = scoresOf(run);
  const lines = [
    paint(
      'bold',
      `envelope-mutants: ${run.profile}, seed ${run.seed}, ${counts.totalMutants} mutants`,
    ),
    '',
    ...table(run.mutants, paint),
    '',
    ...(run.complete ? scoreLines(run, paint) : [paint('yellow', partialLine(run))]),
  ];
  if (counts.ignored + counts.pending > 0) {
    lines.push(`ignored ${counts.ignored}, pending ${counts.pending} (not scored)`);
  }
  lines.push(timeLine(run));
  lines.push(...brittlenessLines(all, paint));
  const gate = gateResult(gateInputOf(all));
  lines.push(paint(gate.exitCode === 0 ? 'green' : 'red', `gate: ${gate.message}`));
  const hints = options.hints ?? hintsOfRun(run);
  lines.push(...survivors(run, { ...options, hints }, paint));
  lines.push(...unnamedKills(run, hints, options, paint));
  return `${lines.join('\n')}\n`;
}

function scoreLines(run: MutationRun, paint: Paint): string[] {
  const { mutationScore, namedKillScore, counts } = scoresOf(run);
  return [
    `${scorePaint(mutationScore, run, paint)} mutation score   (detected ${counts.totalDetected} / valid ${counts.totalValid})`,
    `${scorePaint(namedKillScore, run, paint)} named-kill score (named kills ${counts.killedNamed} / valid ${counts.totalValid})`,
  ];
}

/** What the run cost, as StrykerJS ends with "Done in …": the wall time and the vitest runs. */
function timeLine(run: MutationRun): string {
  const runs = `${run.vitestRuns} vitest ${run.vitestRuns === 1 ? 'run' : 'runs'}`;
  return `time: ${formatDuration(run.durationMs, true)} (${runs})`;
}

/**
 * An interrupted run's scores count only the mutants it reached: 7 kills of 7 tested read as
 * 100.00% though 149 were never tested. So a partial run says how far it got, and no score.
 */
function partialLine(run: MutationRun): string {
  const tested = run.mutants.filter((mutant) => mutant.status !== 'Pending').length;
  return `partial run: ${tested} of ${run.mutants.length} mutants tested; no score (the run was interrupted)`;
}

function table(mutants: readonly MutantResult[], paint: Paint): string[] {
  const rows = new Map<string, Record<MutantOutcome, number>>();
  const total = emptyRow();
  for (const mutant of mutants) {
    const row = rows.get(mutant.mutatorName) ?? emptyRow();
    const outcome = outcomeOf(mutant);
    row[outcome]++;
    total[outcome]++;
    rows.set(mutant.mutatorName, row);
  }
  const names = [...rows.keys()].sort();
  const width = Math.max('mutator'.length, 'total'.length, ...names.map((name) => name.length));
  const cell = (text: string, outcome: (typeof OUTCOMES)[number]): string =>
    text.padStart(HEADERS[outcome].length);
  const line = (name: string, row: Record<MutantOutcome, number>): string =>
    [
      name.padEnd(width),
      ...OUTCOMES.map((o) => paintCount(row[o], o, cell(String(row[o]), o), paint)),
    ].join('  ');
  return [
    paint('bold', ['mutator'.padEnd(width), ...OUTCOMES.map((o) => HEADERS[o])].join('  ')),
    ...names.map((name) => line(name, rows.get(name) ?? emptyRow())),
    line('total', total),
  ];
}

function emptyRow(): Record<MutantOutcome, number> {
  const row = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0]));
  return { ...row, ignored: 0, pending: 0 } as Record<MutantOutcome, number>;
}

function paintCount(count: number, outcome: MutantOutcome, text: string, paint: Paint): string {
  if (count === 0) return paint('dim', text);
  if (outcome === 'killed named') return paint('green', text);
  if (outcome === 'survived' || outcome === 'no coverage') return paint('red', text);
  return paint('yellow', text);
}

function scorePaint(score: number, run: MutationRun, paint: Paint): string {
  const text = formatScore(score).padStart(7);
  if (Number.isNaN(score)) return text;
  if (score >= run.thresholds.high) return paint('green', text);
  return paint(score >= run.thresholds.low ? 'yellow' : 'red', text);
}

/**
 * The kills that named no expected rule and have a line that would name them: they count against
 * the named-kill score as survivors do, so they get their hints after the survivors'.
 */
function unnamedKills(
  run: MutationRun,
  hints: ReadonlyMap<string, SurvivorHint>,
  options: ConsoleSummaryOptions,
  paint: Paint,
): string[] {
  const hinted = run.mutants.filter((mutant) => hints.get(mutant.id)?.killed !== undefined);
  if (hinted.length === 0) return [];
  const header = paint('bold', `Killed, not named (${hinted.length} with a hint):`);
  const listed = blocksOf(hinted, (mutant) => {
    const hint = hints.get(mutant.id);
    return hint === undefined ? [] : [formatHint(hint, '    ')];
  });
  const shown = listed.slice(0, options.maxSurvivors ?? DEFAULT_MAX_SURVIVORS);
  const lines = ['', header, ...linesOf(shown, () => paint('yellow', 'killed'))];
  const hidden = hinted.length - countOf(shown);
  if (hidden > 0) {
    lines.push(
      `  … and ${hidden} more: every hint is in mutation.json and mutation.html; \`envelope-mutants explain ID\` shows one.`,
    );
  }
  return lines;
}

function survivors(run: MutationRun, options: ConsoleSummaryOptions, paint: Paint): string[] {
  const undetected = run.mutants.filter(
    (mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage',
  );
  if (undetected.length === 0) return [];
  const testNames = new Map(run.tests.map((test) => [test.id, test.name]));
  const sites = new Map(run.sites.map((site) => [site.key, site]));
  const hints = options.hints ?? hintsOfRun(run);
  const listed = blocksOf(undetected, (mutant) => {
    const site = sites.get(mutant.siteKey);
    const where = (site?.testIds ?? []).map((id) => testNames.get(id) ?? id);
    const expected = options.expectedKillersOf?.(mutant.mutatorName) ?? [];
    const hint = hints.get(mutant.id);
    return [
      `    site ${where.length > 0 ? `${where.join(', ')} / ` : ''}${mutant.siteKey} (${site?.file ?? '?'})`,
      ...(expected.length > 0 ? [`    expected a failure naming ${expected.join(' or ')}`] : []),
      ...(hint === undefined ? [] : [formatHint(hint, '    ')]),
    ];
  });
  const shown = listed.slice(0, options.maxSurvivors ?? DEFAULT_MAX_SURVIVORS);
  const status = (mutant: MutantResult): string =>
    paint('red', mutant.status === 'Survived' ? 'survived' : 'no coverage');
  const lines = ['', paint('bold', `Survivors (${undetected.length}):`), ...linesOf(shown, status)];
  const hidden = undetected.length - countOf(shown);
  if (hidden > 0) {
    lines.push(
      `  … and ${hidden} more: every survivor and its hint is in mutation.json and mutation.html; \`envelope-mutants explain ID\` shows one.`,
    );
  }
  return lines;
}

/** Mutants with one status that share what is said under them: their site and their hint. */
interface Block {
  readonly mutants: MutantResult[];
  readonly detail: readonly string[];
}

/** The mutants in blocks, in the order each block's first mutant comes. */
function blocksOf(
  mutants: readonly MutantResult[],
  detailOf: (mutant: MutantResult) => readonly string[],
): Block[] {
  const blocks = new Map<string, Block>();
  for (const mutant of mutants) {
    const detail = detailOf(mutant);
    const key = [mutant.status, ...detail].join('\n');
    const block = blocks.get(key) ?? { mutants: [], detail };
    block.mutants.push(mutant);
    blocks.set(key, block);
  }
  return [...blocks.values()];
}

/** A line per mutant of a block (its status, mutator and replacement), then what they share. */
function linesOf(blocks: readonly Block[], status: (mutant: MutantResult) => string): string[] {
  return blocks.flatMap((block) => [
    ...block.mutants.map(
      (mutant) => `  ${status(mutant)} ${mutant.mutatorName}: ${mutant.replacement}`,
    ),
    ...block.detail,
  ]);
}

function countOf(blocks: readonly Block[]): number {
  return blocks.reduce((count, block) => count + block.mutants.length, 0);
}
