import path from 'node:path';
import { ConfigError } from '../errors.js';
import type { Site } from '../mutant/mutation-run.js';
import { budgetOfFiles, filesOf, selectionOfFiles, type RoundMutant } from './execute-rounds.js';
import { listedProblems, redRunProblems } from './red-run-problems.js';
import type { RunProgress } from './reporter.js';
import { EMPTY_OUTCOME, testIdPrefixesOf, type RoundOutcome } from './round-outcome.js';
import { isVmPool, mutantsShareARun } from './mutants-share-a-run.js';
import { aborted } from './test-mutants.js';
import { collectSites } from './collect-sites.js';
import { movedSite } from './moved-site.js';
import { shownSiteKey } from './shown-site-key.js';
import type { ProjectPool, TestSession } from './test-session.js';

export interface FilesPassAloneOptions {
  readonly root: string;
  /** The discovery run: every file of the suite, green, and the timings budgets derive from. */
  readonly discovery: RoundOutcome;
  readonly timeoutFactor: number;
  readonly timeoutMs: number;
  readonly testTimeoutMs: number;
  readonly reporter: Pick<RunProgress, 'onPhase'>;
  /** An interrupt (Ctrl-C): the check stops, refusing nothing, and the run ends as interrupted. */
  readonly signal?: AbortSignal;
  /** The vitest config the run was given (`vitestConfig`), for the command that shows a failure. */
  readonly vitestConfig: string | null;
  /** The rounds run a copy of its files per mutant, side by side (`--pool vmForks`): so does the check. */
  readonly copies?: boolean;
}

/**
 * Refuses (exit 2) a suite in which the files that host a mutant's site fail when they run alone,
 * without any mutant.
 *
 * A mutant's reference run is the files that host its site, alone (docs/verdict-contract.md). The
 * discovery run checks the whole suite; where files can leave state for each other (a
 * worker that runs file after file in one module graph or one process, a `globalSetup`; there
 * {@link mutantsShareARun} holds each mutant to a run of its own), a file may pass there only because another file ran
 * before it in its worker, or filled the global setup's server. Alone it fails with or without a
 * mutant, and each of its mutants would be called killed: a score the suite never earned. So each
 * set of host files runs once alone, unmutated, in the session's pool, before any round; a set of
 * every file of the suite, which the discovery run ran, is not run again. The same runs record
 * what the files' taps see alone: where a key names another envelope there than in discovery
 * (`movedSite`), the suite is refused too, since each mutant at or after it would be planned for
 * one envelope and applied to another.
 */
export async function assertFilesPassAlone(
  session: TestSession,
  entries: readonly RoundMutant[],
  options: FilesPassAloneOptions,
): Promise<void> {
  const own = session.projectPool();
  // Where mutants may share a run, every file has a module graph of its own and no global setup
  // to share: none can find what another left.
  if (mutantsShareARun(own, false)) return;
  const { discovery } = options;
  const bySet = new Map<string, string[]>();
  for (const entry of entries) {
    const files = filesOf(entry.site, discovery).sort();
    if (files.length > 0 && files.length < discovery.files.size) bySet.set(files.join('\n'), files);
  }
  const sets = [...bySet.values()];
  if (sets.length === 0) return;
  options.reporter.onPhase('files-alone');
  // Run alone, the first file of a worker pays the imports that, in the discovery run, a file
  // before it may have paid: the slowest file's set-up is the least any file may take.
  const slowestSetUp = Math.max(...[...discovery.files.values()].map((file) => file.overheadMs));
  const budgetOf = (files: readonly string[]): number =>
    budgetOfFiles(files, options) + Math.ceil(options.timeoutFactor * slowestSetUp);
  const failures: { readonly files: readonly string[]; readonly problems: string[] }[] = [];
  const moves: { readonly files: readonly string[]; readonly move: string }[] = [];
  const discovered = collectSites(discovery);
  // As the rounds will run them: copies side by side where they share runs (`mutantsShareARun`),
  // else each alone; on one worker a vm pool runs every file of a run in one VM context.
  const copies = options.copies === true && mutantsShareARun(own, true);
  const copied = copies ? await asCopies(session, sets, budgetOf, options) : null;
  for (const files of sets) {
    const copy = copied?.get(files);
    const { problems, sites } = copy ?? (await alone(session, files, budgetOf(files), options));
    if (aborted(options.signal)) return;
    if (problems.length > 0) failures.push({ files, problems });
    // Discovery's sites of these files: an explicit key another file reached first in discovery
    // is filed under that file there, and is not compared.
    const hosted = new Set(files);
    const move = movedSite(
      discovered.filter((site) => hosted.has(site.file)),
      sites,
      (key) => shownSiteKey(key, (id) => discovery.tests.get(id)),
    );
    if (move !== null) moves.push({ files, move });
  }
  const [first] = failures;
  const [moved] = moves;
  if (first === undefined && moved !== undefined) throw movedSiteError(moved, own);
  if (first === undefined) return;
  const failing = [...new Set(failures.flatMap((failure) => failure.problems))];
  const config =
    options.vitestConfig === null
      ? ''
      : ` --config ${path.relative(options.root, options.vitestConfig)}`;
  const rerun = `npx vitest run${config} ${first.files.join(' ')}`;
  throw new ConfigError(
    `files alone: the suite passes as a whole, but not when the files that host its sites run alone, without any mutant${listedProblems(failing)}\nA file may pass in the whole suite only because another ran before it: ${whatFilesShare(own)}. A mutant's reference run is the files that host its site, alone, so every mutant there would be called killed by that failure (docs/verdict-contract.md). \`${rerun}\` shows the first. ${howToFix(own)}, and run again.`,
  );
}

/** What a run of a set of host files alone said: what made it red, and the sites it recorded. */
interface AloneRun {
  readonly problems: string[];
  readonly sites: readonly Site[];
}

/**
 * The run of a set of a moved site's files, refused: a mutant of theirs would be planned for one
 * envelope and land on another in its reference run.
 */
function movedSiteError(
  moved: { readonly files: readonly string[]; readonly move: string },
  own: ProjectPool,
): ConfigError {
  return new ConfigError(
    `files alone: the taps of ${moved.files.join(', ')} see other envelopes when ${moved.files.length === 1 ? 'it runs' : 'they run'} alone than in the whole suite: ${moved.move}. Something the files share (${whatFilesShare(own)}) makes a test tap one more or one fewer envelope in one run than in the other, its envelopes in another order (a response a worker caches after its first use, a server that greets only its first client, a timer another file left running), or another kind of envelope (a quota a shared server counts), so a key of its taps (the n-th tap of a test) names another envelope there. A mutant's reference run is the files that host its site, alone (docs/verdict-contract.md): there its mutation would land on another envelope. Give those taps keys of their own (\`{ key: '…' }\`), or let each test file set up what it needs itself, and run again.`,
  );
}

/** What makes a run of `files` alone, in a vitest run of their own, red, and what it tapped. */
async function alone(
  session: TestSession,
  files: readonly string[],
  budgetMs: number,
  options: FilesPassAloneOptions,
): Promise<AloneRun> {
  if (aborted(options.signal)) return { problems: [], sites: [] };
  const run = await session.run(
    { mode: 'record', root: options.root, mutations: {} },
    selectionOfFiles([files], options.discovery, false),
    budgetMs,
  );
  return run.outcome === null || run.timedOut
    ? {
        problems: [
          `${files.join(', ')}: did not finish alone (nothing for ${Math.ceil(budgetMs / 1000)} s)`,
        ],
        sites: [],
      }
    : { problems: redRunProblems(run.outcome, files), sites: collectSites(run.outcome) };
}

/**
 * Where the rounds run copies (`--pool vmForks`): an unmutated copy of every set, side by side in
 * one run, as the rounds will run them, each in a VM context of its own. What each copy said, by
 * set; `null` where the run cannot be split between them (it did not finish, or an error escaped
 * every copy), and each set then runs alone.
 */
async function asCopies(
  session: TestSession,
  sets: readonly (readonly string[])[],
  budgetOf: (files: readonly string[]) => number,
  options: FilesPassAloneOptions,
): Promise<Map<readonly string[], AloneRun> | null> {
  const { discovery } = options;
  const instances = Object.fromEntries(sets.map((_, index) => [String(index), {}]));
  const testIdPrefixes = testIdPrefixesOf(discovery.files.values());
  const run = await session.run(
    { mode: 'record', root: options.root, mutations: {}, instances, testIdPrefixes },
    selectionOfFiles(sets, discovery, true),
    Math.max(...sets.map(budgetOf)),
  );
  const outcome = run.outcome;
  if (outcome === null || run.timedOut || outcome.unhandled.length > 0) return null;
  return new Map(
    sets.map((files, index) => {
      const copy = outcome.instances?.get(String(index)) ?? EMPTY_OUTCOME;
      return [files, { problems: redRunProblems(copy, files), sites: collectSites(copy) }];
    }),
  );
}

/** Every way the project's files can leave state for each other, for the refusal. */
function whatFilesShare(own: ProjectPool): string {
  const ways: string[] = [];
  if (own.globalSetup) ways.push("its files share what the config's globalSetup started");
  if (isVmPool(own)) ways.push(`its workers run file after file (pool \`${own.pool}\`)`);
  else if (!own.isolate)
    ways.push('its workers run file after file in one module graph (`isolate: false`)');
  return ways.join('; and ');
}

/** The fix for each of those ways. */
function howToFix(own: ProjectPool): string {
  const fixes = ['Let each test file set up what it needs itself (in a beforeAll)'];
  if (own.globalSetup)
    fixes.push("put into the global setup's server or folder what it reads there, or reset it");
  if (isVmPool(own)) fixes.push('run it in pool `forks` or `threads`');
  else if (!own.isolate) fixes.push('set `isolate: true`');
  // There is always a way the files share, so always a second fix.
  return `${fixes.slice(0, -1).join(', ')}, or ${fixes.at(-1) ?? ''}`;
}
