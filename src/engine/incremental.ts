import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MutantResult, MutationRun, TestInfo } from '../mutant/mutation-run.js';
import type { Mutator } from '../mutant/mutator.js';
import { writeArtifact } from '../secrets/write-artifact.js';
import { checkSavedVerdict } from './check-saved-verdict.js';
import type { RoundMutant } from './execute-rounds.js';

/**
 * The state file of `run --incremental`, next to the JSON report.
 *
 * @internal
 */
export const INCREMENTAL_FILE_NAME = 'incremental.json';

/**
 * Bumped when the state file's shape or the fingerprint's inputs change. 2: the files a test
 * file's run depends on joined the fingerprint. 3: so did those outside the project's folder.
 */
const STATE_VERSION = 3;

/** The damaged verdicts a note names; the rest are counted, so that the line stays a line. */
const DAMAGED_NAMED = 3;

interface IncrementalState {
  readonly version: number;
  readonly identity: string;
  /**
   * As the file holds them, damaged ones too: `save` keeps those of the mutants a run skipped
   * (another shard's), so that the run that tests them is the one that says they were damaged.
   */
  readonly verdicts: Readonly<Record<string, unknown>>;
}

export interface IncrementalOptions {
  /** Absolute path of the state file (`<reportDir>/incremental.json`). */
  readonly stateFile: string;
  readonly root: string;
  /** `--force`: reuse nothing, but record this run's verdicts for the next one. */
  readonly force: boolean;
  readonly mutators: readonly Mutator[];
  /**
   * What every verdict depends on beyond its mutant (profile, seed, strict, labels, taxonomy):
   * when it differs from the saved one, nothing is reused.
   */
  readonly identity: unknown;
}

/** `run --incremental`: which verdicts the last run left that still hold, and saving this run's. */
export interface Incremental {
  /**
   * The saved verdicts of `entries` whose fingerprint is unchanged, by mutant id. `dependsOn`:
   * per test file, the other files its run depends on (`../` outside the project's folder); a
   * mutant of a test file without an entry (its dependencies are unknown) is neither reused nor
   * saved.
   */
  reuse(
    entries: readonly RoundMutant[],
    tests: readonly TestInfo[],
    dependsOn: ReadonlyMap<string, readonly string[]>,
  ): Promise<ReadonlyMap<string, MutantResult>>;
  /**
   * Records the run's verdicts (not the `Pending` ones, nor those that met another envelope than
   * planned), keeping those of mutants it skipped.
   */
  save(run: MutationRun): Promise<void>;
  /**
   * Why `reuse` found no saved verdicts it could use although a state file is there: it is not
   * JSON or not this tool's, another version wrote it, or the config's identity changed. For
   * the console line; `undefined` when there is no state yet, or with `--force`.
   */
  unused(): string | undefined;
  /**
   * The console line naming the saved verdicts of `reuse`'s mutants that were damaged (a field
   * missing or of another type, a status no run gives), which are not reused but tested again;
   * `undefined` when none was.
   */
  damaged(): string | undefined;
}

/**
 * A verdict is reused while its fingerprint holds: the mutant (id, mutator, its version,
 * replacement, path), its site's envelope and check context, and the contents of the test files
 * that observed the site and of every other file their runs depend on (the helpers they import,
 * in the project's folder or beside it, the setup files, the vitest config: `dependsOn`). Packages
 * in `node_modules` are not hashed: `--force` after upgrading one.
 */
export function createIncremental(options: IncrementalOptions): Incremental {
  const identity = sha256Hex(JSON.stringify(options.identity));
  const versions = new Map(options.mutators.map((mutator) => [mutator.name, mutator.version]));
  const fingerprints = new Map<string, string>();
  let unused: string | undefined;
  let damaged: string | undefined;
  return {
    unused: () => unused,
    damaged: () => damaged,
    async reuse(entries, tests, dependsOn) {
      const hashFile = fileHasher(options.root);
      const filesOf = new Map(tests.map((test) => [test.id, test.file]));
      for (const { mutant, site } of entries) {
        const testFiles = [site.file, ...site.testIds.flatMap((id) => filesOf.get(id) ?? [])];
        if (testFiles.some((file) => !dependsOn.has(file))) continue;
        const files = [...testFiles, ...testFiles.flatMap((file) => dependsOn.get(file) ?? [])];
        const unique = [...new Set(files)].sort();
        const contents = await Promise.all(
          unique.map(async (file) => [file, await hashFile(file)]),
        );
        const inputs = [mutant.id, mutant.mutatorName, versions.get(mutant.mutatorName) ?? null];
        const shape = [mutant.replacement, mutant.path, site.value, site.check, site.testIds];
        fingerprints.set(mutant.id, sha256Hex(JSON.stringify([...inputs, ...shape, contents])));
      }
      const read = options.force ? {} : await readState(options.stateFile, identity);
      unused = read.unused;
      const saved = read.state?.verdicts ?? {};
      const reused = new Map<string, MutantResult>();
      const problems = new Map<string, string>();
      for (const { mutant } of entries) {
        const fingerprint = fingerprints.get(mutant.id);
        if (fingerprint === undefined || !Object.hasOwn(saved, mutant.id)) continue;
        // Checked before it is trusted: a hand, a disk or a merge may have damaged any field,
        // and a damaged verdict would crash the report writers at the end of the run.
        const checked = checkSavedVerdict(mutant.id, saved[mutant.id]);
        if (!checked.ok) problems.set(mutant.id, checked.problem);
        else if (checked.verdict.fingerprint === fingerprint) {
          // The site, mutator, replacement and path are the mutant's, which the fingerprint
          // vouches for: the saved copies may differ only by damage, or by the state file's
          // redaction of a secret they quote.
          const { siteKey, mutatorName, replacement } = mutant;
          const result = { ...checked.verdict.result, siteKey, mutatorName, replacement };
          reused.set(mutant.id, { ...result, path: mutant.path });
        }
      }
      damaged = formatDamaged(problems);
      return reused;
    },
    async save(run) {
      const previous = options.force
        ? undefined
        : (await readState(options.stateFile, identity)).state;
      const verdicts = new Map<string, unknown>(Object.entries(previous?.verdicts ?? {}));
      for (const result of run.mutants) {
        const fingerprint = fingerprints.get(result.id);
        if (fingerprint === undefined) continue;
        // A verdict that judged another envelope than planned (`strayed`) is no reference
        // verdict: the next run tests it again, as it does a Pending one.
        if (result.status === 'Pending' || result.strayed !== undefined) verdicts.delete(result.id);
        else verdicts.set(result.id, { fingerprint, result });
      }
      const state: IncrementalState = {
        version: STATE_VERSION,
        identity,
        verdicts: Object.fromEntries(verdicts),
      };
      // Redacted like every artifact: a reused verdict's reason may quote what the suite printed.
      await writeArtifact(options.stateFile, `${JSON.stringify(state)}\n`);
    },
  };
}

/**
 * One console line: how many verdicts were reused and how many mutants were tested, e.g.
 * `reused 40 of 42 verdicts (95.2%), tested 2`. `tested` is less than the rest when the run was
 * interrupted: those never tested are said apart, not counted as tested.
 */
export function formatReuse(
  reused: number,
  total: number,
  tested = total - reused,
  unused?: string,
): string {
  const rate = total === 0 ? 'n/a' : `${((reused / total) * 100).toFixed(1)}%`;
  const untested = total - reused - tested;
  const rest = untested > 0 ? `, not tested ${untested} (the run was interrupted)` : '';
  const why = unused === undefined ? '' : ` (${unused})`;
  return `incremental: reused ${reused} of ${total} verdicts (${rate}), tested ${tested}${rest}${why}`;
}

/**
 * `incremental: 2 saved verdicts were damaged (m1: result.siteKey is missing; m2: …) and run
 * again`, or `undefined` for none: said apart from the reuse line, which counts them as tested.
 */
function formatDamaged(problems: ReadonlyMap<string, string>): string | undefined {
  if (problems.size === 0) return undefined;
  const named = [...problems].slice(0, DAMAGED_NAMED).map(([id, problem]) => `${id}: ${problem}`);
  const more = problems.size - named.length;
  const list = more > 0 ? [...named, `and ${more} more`] : named;
  const [verdicts, run] = problems.size === 1 ? ['verdict was', 'runs'] : ['verdicts were', 'run'];
  return `incremental: ${problems.size} saved ${verdicts} damaged (${list.join('; ')}) and ${run} again`;
}

/**
 * The saved state, or why there is none to use: absent (nothing said), unreadable, of another
 * version, or of another config.
 */
async function readState(
  file: string,
  identity: string,
): Promise<{ state?: IncrementalState; unused?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    // No state yet: the run simply tests everything.
    return {};
  }
  const name = path.basename(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A torn write, or an edit by hand: said, since every mutant runs again.
    return { unused: `${name} is not valid JSON, so nothing was reused; this run replaces it` };
  }
  if (!isState(parsed))
    return {
      unused: `${name} is not an incremental state of envelope-mutants; this run replaces it`,
    };
  if (parsed.version !== STATE_VERSION)
    return { unused: `${name} was written by another version of envelope-mutants` };
  if (parsed.identity !== identity)
    return {
      unused: `the config changed since ${name} was written (profile, seed, strict, labels, taxonomy, timeoutMs or timeoutFactor)`,
    };
  return { state: parsed };
}

function isState(value: unknown): value is IncrementalState {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['version'] === 'number' &&
    typeof record['identity'] === 'string' &&
    typeof record['verdicts'] === 'object' &&
    record['verdicts'] !== null
  );
}

function fileHasher(root: string): (file: string) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  return (file) => {
    let hash = cache.get(file);
    if (hash === undefined) {
      hash = readFile(path.resolve(root, file)).then(sha256Hex, () => 'missing');
      cache.set(file, hash);
    }
    return hash;
  };
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
