// Files named after the process id. The copies of a vmForks worker share its process, so they
// share its pid; the reference run of a mutant starts each test file in a process of its own,
// with a pid of its own. A suite that names a lock or a scratch folder after `process.pid` and,
// under a mutant only, leaves it behind, makes the next copy of the worker find it, where that
// copy's reference run would find nothing: `mkdirSync` then throws EEXIST, a lock looks taken.
// Nothing of the process changed, so `process-state.ts` cannot see it: the file system is
// watched where such a file is made.
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** On `process`: what the copies of this worker created, named after its pid. */
const NOTED = Symbol.for('envelope-mutants.pid-named-files');

/** The files and folders named after the pid that the copies of a worker made. */
export interface PidNamedFiles {
  /**
   * Whether a copy is running. Only what a copy's own tests and hooks make is noted: a project's
   * setup file that makes one for every file makes it in the reference run too.
   */
  recording: boolean;
  /** Absolute paths, as they were given (a folder `mkdir` made with its parents is one path). */
  readonly paths: Set<string>;
}

/**
 * The functions of `node:fs` that make a file or folder, and the position of the path they make
 * (the destination, for `copyFile`, `rename` and the links). `writeFileSync`, `copyFile` and the
 * promises API reach Node's bindings directly, so each is wrapped itself; `createWriteStream`
 * and `writeFile` open through `fs.open`, and `appendFileSync` writes through `writeFileSync`.
 */
const MAKING: Readonly<Record<string, number>> = {
  open: 0,
  openSync: 0,
  writeFile: 0,
  writeFileSync: 0,
  appendFile: 0,
  appendFileSync: 0,
  mkdir: 0,
  mkdirSync: 0,
  createWriteStream: 0,
  copyFile: 1,
  copyFileSync: 1,
  cp: 1,
  cpSync: 1,
  rename: 1,
  renameSync: 1,
  link: 1,
  linkSync: 1,
  symlink: 1,
  symlinkSync: 1,
};

/** The same in `fs.promises` (`node:fs/promises`), whose path is where `MAKING` says. */
const MAKING_PROMISES = [
  'open',
  'writeFile',
  'appendFile',
  'mkdir',
  'copyFile',
  'cp',
  'rename',
  'link',
  'symlink',
];

/** The `open` functions, whose second argument may ask for a file that exists already. */
const OPENING = new Set(['open', 'openSync']);

/** The `mkdir` functions, which with `{ recursive: true }` make the missing folders above too. */
const MAKING_FOLDERS = new Set(['mkdir', 'mkdirSync']);

/**
 * Wraps the functions of `node:fs` that make files, once per process, and returns what they
 * noted. The workers of the harness's vmForks sessions do this before vitest loads
 * (`worker-preload.ts`): vitest hands a test file's named imports of a built-in module
 * (`import { writeFileSync } from 'node:fs'`) the functions as they were when the worker first
 * imported it, so a wrap installed later would see only `fs.writeFileSync(…)`.
 */
export function watchPidNamedFiles(): PidNamedFiles {
  const installed = pidNamedFilesOfWorker();
  if (installed !== undefined) return installed;
  const noted: PidNamedFiles = { recording: false, paths: new Set() };
  (process as unknown as Record<symbol, PidNamedFiles>)[NOTED] = noted;
  wrapFileMakers(fs, fs.promises, noted, process.pid);
  wrapChildStarts(childProcess, noted, process.pid);
  syncBuiltinESMExports();
  return noted;
}

/** What the wraps noted, where a worker's preload installed them (`watchPidNamedFiles`). */
export function pidNamedFilesOfWorker(): PidNamedFiles | undefined {
  return (process as unknown as Record<symbol, PidNamedFiles | undefined>)[NOTED];
}

/**
 * Wraps the functions of `files` and `promises` that make a file or folder (`node:fs` and its
 * promises, or a test's stand-ins) so that, while `noted.recording`, each path they make with
 * `pid` in it is added to `noted.paths`.
 */
export function wrapFileMakers(
  files: object,
  promises: object,
  noted: PidNamedFiles,
  pid: number,
): void {
  const named = pidPattern(pid);
  const note = (name: string, args: readonly unknown[]): void => {
    if (!noted.recording) return;
    // What the suite called must behave as it would unwrapped: a path the notes cannot read (a
    // `file:` URL with a host, a deleted working directory) is the call's own error to raise.
    try {
      if (OPENING.has(name) && !creates(args[1])) return;
      const made = pathOf(args[MAKING[name] ?? 0]);
      if (made === undefined || !named.test(made)) return;
      const absolute = path.resolve(made);
      // One that was there before (a project's setup file made it as the file loaded) is not
      // this copy's to leave.
      if (!present(absolute)) noted.paths.add(absolute);
      // `mkdirSync('/tmp/app-<pid>/cache', { recursive: true })` makes `/tmp/app-<pid>` too, and
      // removing `cache` afterwards leaves it: the shallowest new folder named after the pid.
      if (MAKING_FOLDERS.has(name) && recursive(args[1])) {
        const parent = shallowestMissing(path.dirname(absolute), named);
        if (parent !== undefined) noted.paths.add(parent);
      }
    } catch {
      // Not noted.
    }
  };
  wrap(files, Object.keys(MAKING), note);
  wrap(promises, MAKING_PROMISES, note);
}

/** The functions of `node:child_process` that start a process (the sync ones bypass `spawn`). */
const STARTING = ['exec', 'execFile', 'execFileSync', 'execSync', 'fork', 'spawn', 'spawnSync'];

/**
 * Wraps the functions of `childProcess` (`node:child_process`, or a test's stand-in) that start a
 * process so that, while `noted.recording`, each word of the command, its arguments and the
 * environment it is given with `pid` in it is noted as a path, resolved against the child's
 * working directory: a suite that hands its pid to a child (`execSync('touch /tmp/lock-' +
 * process.pid)`) has the child make the file, in a process with a pid of its own. A word that
 * names no path never exists, and the next copy's start drops it.
 */
export function wrapChildStarts(childProcess: object, noted: PidNamedFiles, pid: number): void {
  const named = pidPattern(pid);
  wrap(childProcess, STARTING, (_name, args) => {
    if (!noted.recording) return;
    try {
      const options = args.find(isOptions);
      const cwd = typeof options?.cwd === 'string' ? options.cwd : process.cwd();
      for (const word of wordsOf(args, options)) {
        if (!named.test(word)) continue;
        const made = path.resolve(cwd, word);
        if (!present(made)) noted.paths.add(made);
      }
    } catch {
      // Not noted.
    }
  });
}

/** What a child is given beside its command: where it runs and its environment. */
interface StartOptions {
  readonly cwd?: unknown;
  readonly env?: unknown;
}

function isOptions(value: unknown): value is StartOptions {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The words of a child's command (the shell's command line, for `exec`), its arguments and the
 * values of the environment it is given: split where a shell or an option would split them.
 */
function wordsOf(args: readonly unknown[], options: StartOptions | undefined): string[] {
  const env: unknown[] = isOptions(options?.env) ? Object.values(options.env) : [];
  const parts = [...args, ...env].flatMap((part): unknown[] =>
    Array.isArray(part) ? (part as unknown[]) : [part],
  );
  return parts
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split(/[\s"'`=;&|<>()]+/))
    .filter((word) => word !== '');
}

/** The pid as a whole number in a path: pid 123 is not in `cache-1234`. */
function pidPattern(pid: number): RegExp {
  return new RegExp(`(?<![0-9])${String(pid)}(?![0-9])`);
}

/**
 * The first file or folder a copy of this worker made, named after its pid, that is still
 * there: the next copy finds it, and its reference run, in a process of its own, would not.
 */
export function pidNamedFileLeft(noted: PidNamedFiles): string | undefined {
  for (const made of noted.paths) {
    if (present(made)) return `a file or folder named after process.pid: ${made}`;
    // Gone: a copy that makes it again notes it again. So the list holds what is left, not every
    // path a worker ever made (a suite that makes a file per test and removes it), and a copy's
    // start looks at no more.
    noted.paths.delete(made);
  }
  return undefined;
}

/**
 * Whether something is at `file`: lstat, so a link left behind counts even when what it names is
 * gone, and one that cannot be read (a folder above it lost its permissions) counts too.
 */
function present(file: string): boolean {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** Replaces each function `names` lists in `module` with a proxy that calls `before` first. */
function wrap(
  module: object,
  names: readonly string[],
  before: (name: string, args: readonly unknown[]) => void,
): void {
  const members = module as Record<string, unknown>;
  for (const name of names) {
    const original = members[name];
    if (typeof original !== 'function') continue;
    // A proxy keeps the function's own members (its name, `util.promisify.custom`).
    members[name] = new Proxy(original, {
      apply(target, self, args: unknown[]) {
        before(name, args);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  }
}

/** Whether `open`'s flags may create the file: any but the read-only ones (`'r'`, `'r+'`). */
function creates(flags: unknown): boolean {
  if (typeof flags === 'number') return (flags & fs.constants.O_CREAT) !== 0;
  if (typeof flags !== 'string') return false;
  return !flags.startsWith('r');
}

/** Whether `mkdir`'s options ask for the folders above too. */
function recursive(options: unknown): boolean {
  // A mode (a number or a string) has no `recursive`, and neither has no options at all.
  return (options as { recursive?: unknown } | null | undefined)?.recursive === true;
}

/**
 * The shallowest of `folder` and the folders above it that does not exist yet and whose path has
 * the pid in it: what a recursive `mkdir` is about to make, named after the pid.
 */
function shallowestMissing(folder: string, named: RegExp): string | undefined {
  let shallowest: string | undefined;
  for (let at = folder; named.test(at) && !present(at); at = path.dirname(at)) {
    shallowest = at;
    // The root, which is its own folder: nothing above it.
    if (path.dirname(at) === at) break;
  }
  return shallowest;
}

/** A path as `node:fs` takes it: a string, a `file:` URL or a Buffer; a descriptor names none. */
function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // By its tag: a URL made in a copy's VM context is not an instance of this realm's URL.
  if (Object.prototype.toString.call(value) === '[object URL]') {
    const url = String((value as { href: unknown }).href);
    return url.startsWith('file:') ? fileURLToPath(url) : undefined;
  }
  if (Buffer.isBuffer(value)) return value.toString();
  return undefined;
}
