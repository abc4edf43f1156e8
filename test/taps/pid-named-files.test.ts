import { exec, execFileSync, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  pidNamedFileLeft,
  watchPidNamedFiles,
  wrapChildStarts,
  wrapFileMakers,
  type PidNamedFiles,
} from '../../src/taps/pid-named-files.js';

// This process plays a vmForks worker: `recording` is a copy running, a later
// `pidNamedFileLeft` the next copy starting.
const noted = watchPidNamedFiles();
let scratch: string;
beforeEach(() => {
  noted.paths.clear();
  noted.recording = true;
  scratch = mkdtempSync(join(tmpdir(), 'pid-named-'));
});
afterEach(() => {
  noted.recording = false;
  noted.paths.clear();
  rmSync(scratch, { recursive: true, force: true });
});

const named = (name: string): string => join(scratch, `${name}-${process.pid}`);

describe('watchPidNamedFiles', () => {
  test('should report a file named after the pid that a copy left behind', () => {
    const lock = named('lock');
    fs.writeFileSync(lock, '');

    expect(pidNamedFileLeft(noted)).toBe(`a file or folder named after process.pid: ${lock}`);
  });

  test('should not report one the copy removed before it ended', () => {
    const lock = named('lock');
    fs.writeFileSync(lock, '');
    fs.rmSync(lock);

    expect(pidNamedFileLeft(noted)).toBeUndefined();
  });

  test('should forget a path once it is gone, and note it again when it is made again', () => {
    // A suite that makes a folder per test and removes it.
    for (const round of [1, 2, 3]) {
      fs.mkdirSync(named(`round-${round}`));
      fs.rmdirSync(named(`round-${round}`));
    }
    fs.writeFileSync(named('kept'), '');
    fs.rmSync(named('kept'));
    expect(noted.paths.size).toBe(4);

    expect(pidNamedFileLeft(noted)).toBeUndefined();
    expect(noted.paths.size).toBe(0);
    fs.writeFileSync(named('kept'), '');
    expect(pidNamedFileLeft(noted)).toBe(
      `a file or folder named after process.pid: ${named('kept')}`,
    );
  });

  test('should see the functions a suite imports by name', () => {
    // The module's named exports follow the wraps (`syncBuiltinESMExports`).
    writeFileSync(named('named'), '');

    expect(pidNamedFileLeft(noted)).toBe(
      `a file or folder named after process.pid: ${named('named')}`,
    );
  });

  test('should note what every way of making a file or folder makes', async () => {
    fs.mkdirSync(join(named('parents'), 'deep'), { recursive: true });
    fs.appendFileSync(named('append'), 'x');
    fs.closeSync(fs.openSync(named('open'), 'wx'));
    await fs.promises.writeFile(named('promised'), 'x');
    await fs.promises.mkdir(named('folder'));
    fs.copyFileSync(named('append'), named('copy'));
    fs.renameSync(named('copy'), named('renamed'));
    fs.symlinkSync(named('append'), named('link'));
    fs.writeFileSync(pathToFileURL(named('url')), '');
    fs.writeFileSync(Buffer.from(named('buffer')), '');
    await new Promise<void>((resolve, reject) => {
      fs.createWriteStream(named('stream')).on('error', reject).end('x', resolve);
    });

    expect([...noted.paths].sort()).toEqual(
      [
        join(named('parents'), 'deep'),
        named('parents'),
        named('append'),
        named('open'),
        named('promised'),
        named('folder'),
        named('copy'),
        named('renamed'),
        named('link'),
        named('url'),
        named('buffer'),
        named('stream'),
      ].sort(),
    );
  });

  test('should report a folder a recursive mkdir made above the one it was asked for', () => {
    const deep = join(named('scratch'), 'cache', 'deep');
    fs.mkdirSync(deep, { recursive: true });
    fs.rmSync(join(named('scratch'), 'cache'), { recursive: true });

    expect(pidNamedFileLeft(noted)).toBe(
      `a file or folder named after process.pid: ${named('scratch')}`,
    );
  });

  test('should not note a folder named after the pid that was there before the copy ran', () => {
    noted.recording = false;
    fs.mkdirSync(named('before'));
    noted.recording = true;
    fs.mkdirSync(join(named('before'), 'cache', 'deep'), { recursive: true });

    expect([...noted.paths].sort()).toEqual([
      join(named('before'), 'cache'),
      join(named('before'), 'cache', 'deep'),
    ]);
  });

  test('should not note a file that was there before the copy wrote to it', () => {
    const log = named('log');
    noted.recording = false;
    fs.writeFileSync(log, 'made as the file loaded');
    noted.recording = true;
    fs.appendFileSync(log, 'written by a test');
    fs.writeFileSync(log, 'written again');

    expect(noted.paths.size).toBe(0);
    expect(pidNamedFileLeft(noted)).toBeUndefined();
  });

  test('should report a path it cannot look at as still there', () => {
    // lstat refuses a path with a NUL byte: the copy runs again rather than on a guess.
    noted.paths.add(`${named('unreadable')}\0`);

    expect(pidNamedFileLeft(noted)).toBe(
      `a file or folder named after process.pid: ${named('unreadable')}\0`,
    );
  });

  test('should report a link left behind whose target is gone', () => {
    fs.symlinkSync(join(scratch, 'gone'), named('dangling'));

    expect(pidNamedFileLeft(noted)).toBe(
      `a file or folder named after process.pid: ${named('dangling')}`,
    );
  });

  test('should note nothing while no copy runs', () => {
    noted.recording = false;
    fs.writeFileSync(named('outside'), '');

    expect(pidNamedFileLeft(noted)).toBeUndefined();
  });

  test('should not note a file opened for reading or a pid within a longer number', () => {
    fs.writeFileSync(join(scratch, `cache-${process.pid}0`), '');
    noted.paths.clear();
    fs.closeSync(fs.openSync(join(scratch, `cache-${process.pid}0`), 'r'));
    fs.writeFileSync(join(scratch, `cache-1${process.pid}`), '');
    fs.writeFileSync(join(scratch, 'plain'), '');

    expect(noted.paths.size).toBe(0);
    // Negative control: the same file opened for writing is noted.
    fs.closeSync(fs.openSync(named('write'), 'w'));
    expect([...noted.paths]).toEqual([named('write')]);
  });

  test('should report a file named after the pid that a child process made', async () => {
    // The child has a pid of its own: only the command it was given names the file.
    const left = (): string | undefined => pidNamedFileLeft(noted);
    const direct = named('child');
    execFileSync('touch', [direct]);
    expect(left()).toBe(`a file or folder named after process.pid: ${direct}`);
    fs.rmSync(direct);
    const shell = named('shell');
    execSync(`touch '${shell}'`);
    expect(left()).toBe(`a file or folder named after process.pid: ${shell}`);
    fs.rmSync(shell);
    const started = named('started');
    await promisify(exec)(`touch ${started}`);

    expect(left()).toBe(`a file or folder named after process.pid: ${started}`);
  });

  test('should install its wraps once per process', () => {
    const open = fs.openSync;

    expect(watchPidNamedFiles()).toBe(noted);
    expect(fs.openSync).toBe(open);
    expect(fs.openSync.name).toBe('openSync');
  });
});

// Stand-ins for `node:fs` and its promises: each function hands back what it was called with.
const PID = 4242;
const MAKERS = {
  atFirst: [
    'open',
    'openSync',
    'writeFile',
    'writeFileSync',
    'appendFile',
    'appendFileSync',
    'mkdir',
    'mkdirSync',
    'createWriteStream',
  ],
  atSecond: [
    'copyFile',
    'copyFileSync',
    'cp',
    'cpSync',
    'rename',
    'renameSync',
    'link',
    'linkSync',
    'symlink',
    'symlinkSync',
  ],
  promisesAtFirst: ['open', 'writeFile', 'appendFile', 'mkdir'],
  promisesAtSecond: ['copyFile', 'cp', 'rename', 'link', 'symlink'],
};
type StandIn = Record<string, (...args: unknown[]) => unknown>;
const echo = (names: readonly string[]): StandIn =>
  Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => args]));

function standIns(): { files: StandIn; promises: StandIn; noted: PidNamedFiles } {
  const files = echo([...MAKERS.atFirst, ...MAKERS.atSecond, 'readFileSync']);
  const promises = echo([...MAKERS.promisesAtFirst, ...MAKERS.promisesAtSecond]);
  const noted: PidNamedFiles = { recording: true, paths: new Set() };
  wrapFileMakers(files, promises, noted, PID);
  return { files, promises, noted };
}

const call = (module: StandIn, name: string, ...args: unknown[]): unknown =>
  module[name]?.(...args);

describe('wrapFileMakers', () => {
  test('should note the path each function makes, the destination where it has two', () => {
    const { files, promises, noted } = standIns();
    const calls = [
      ...MAKERS.atFirst.map((name) => [files, name, `/made/${name}-${PID}`, 'w'] as const),
      ...MAKERS.atSecond.map((name) => [files, name, '/from', `/made/${name}-${PID}`] as const),
      ...MAKERS.promisesAtFirst.map(
        (name) => [promises, name, `/made/p-${name}-${PID}`, 'w'] as const,
      ),
      ...MAKERS.promisesAtSecond.map(
        (name) => [promises, name, '/from', `/made/p-${name}-${PID}`] as const,
      ),
    ];
    for (const [module, name, ...args] of calls) call(module, name, ...args);
    call(files, 'readFileSync', `/read-${PID}`);

    expect([...noted.paths].sort()).toEqual(
      calls.map(([, , first, second]) => (first === '/from' ? second : first)).sort(),
    );
  });

  test('should note the missing folders above only for a recursive mkdir', () => {
    const { files, promises, noted } = standIns();
    // A folder no machine has: every folder under it is missing.
    const above = `/nowhere-${PID}`;
    call(files, 'writeFileSync', `${above}/file`);
    call(files, 'mkdirSync', `${above}/flat`);
    call(files, 'mkdirSync', `${above}/mode`, 0o755);
    call(files, 'mkdirSync', `${above}/not`, { recursive: false });
    // Nothing above it is named after the pid.
    call(files, 'mkdirSync', `/made/top-${PID}`, { recursive: true });
    expect([...noted.paths].sort()).toEqual(
      [
        `${above}/file`,
        `${above}/flat`,
        `${above}/mode`,
        `${above}/not`,
        `/made/top-${PID}`,
      ].sort(),
    );

    call(promises, 'mkdir', `${above}/deep/er`, { recursive: true });

    expect(noted.paths.has(`${above}/deep/er`)).toBe(true);
    expect(noted.paths.has(above)).toBe(true);
    expect(noted.paths.has(`${above}/deep`)).toBe(false);
  });

  test('should call the function it wraps with its arguments and this, and return its result', () => {
    const files: StandIn = {
      writeFileSync(this: unknown, ...args: unknown[]) {
        return [this, ...args];
      },
    };
    wrapFileMakers(files, {}, { recording: true, paths: new Set() }, PID);
    const self = { files };

    expect(files['writeFileSync']?.call(self, `/a-${PID}`, 'data')).toEqual([
      self,
      `/a-${PID}`,
      'data',
    ]);
  });

  test('should leave the call as it is when a path cannot be noted', () => {
    const { files, noted } = standIns();
    // A file URL with a host: node:fs raises its own error for it; noting it must not.
    const url = new URL(`file://elsewhere/lock-${PID}`);

    expect(call(files, 'writeFileSync', url)).toEqual([url]);
    expect(noted.paths.size).toBe(0);
  });

  test('should note nothing while no copy runs', () => {
    const { files, noted } = standIns();
    noted.recording = false;
    call(files, 'writeFileSync', `/a-${PID}`);

    expect(noted.paths.size).toBe(0);
  });

  test('should note an open only with flags that may create the file', () => {
    const { files, promises, noted } = standIns();
    call(files, 'openSync', `/default-${PID}`);
    call(files, 'openSync', `/read-${PID}`, 'r');
    call(files, 'open', `/update-${PID}`, 'r+');
    call(promises, 'open', `/readonly-${PID}`, fs.constants.O_RDONLY);
    expect(noted.paths.size).toBe(0);

    call(files, 'openSync', `/append-${PID}`, 'a+');
    call(files, 'open', `/created-${PID}`, fs.constants.O_CREAT | fs.constants.O_WRONLY);

    expect([...noted.paths].sort()).toEqual([`/append-${PID}`, `/created-${PID}`]);
  });

  test('should read a path given as a file URL or a Buffer, and never a descriptor', () => {
    const { files, noted } = standIns();
    call(files, 'writeFileSync', new URL(`file:///url-${PID}`));
    call(files, 'writeFileSync', Buffer.from(`/buffer-${PID}`));
    call(files, 'writeFileSync', new URL(`https://example.com/web-${PID}`));
    // A descriptor that happens to be the pid names no file.
    call(files, 'writeFileSync', PID);

    expect([...noted.paths].sort()).toEqual([`/buffer-${PID}`, `/url-${PID}`]);
  });

  test('should note only the pid as a whole number, and resolve a relative path', () => {
    const { files, noted } = standIns();
    call(files, 'writeFileSync', `/cache-${PID}0`);
    call(files, 'writeFileSync', `/cache-1${PID}`);
    call(files, 'writeFileSync', '/plain');
    call(files, 'writeFileSync', `lock.${PID}`);

    expect([...noted.paths]).toEqual([resolve(`lock.${PID}`)]);
  });

  test('should keep what a function carries, and leave alone a function the module lacks', () => {
    // Named after its member, as a function of the module is.
    const made = { writeFileSync: (...args: unknown[]) => args };
    const writeFileSync = Object.assign(made.writeFileSync, { custom: 'kept' });
    const files: StandIn = { writeFileSync };
    const promises: StandIn = {};

    wrapFileMakers(files, promises, { recording: true, paths: new Set() }, PID);

    expect(files['writeFileSync']).not.toBe(writeFileSync);
    expect(files['writeFileSync']?.name).toBe('writeFileSync');
    expect((files['writeFileSync'] as unknown as { custom: string }).custom).toBe('kept');
    expect(Object.keys(files)).toEqual(['writeFileSync']);
    expect(Object.keys(promises)).toEqual([]);
  });
});

describe('wrapChildStarts', () => {
  const STARTING = ['exec', 'execFile', 'execFileSync', 'execSync', 'fork', 'spawn', 'spawnSync'];
  const starters = (): StandIn => echo(STARTING);

  test('should note each word of the command, arguments and environment with the pid in it', () => {
    const module = starters();
    const noted: PidNamedFiles = { recording: true, paths: new Set() };
    wrapChildStarts(module, noted, PID);
    const options = { cwd: '/work', env: { LOCK: `relative-${PID}`, HOME: '/root' } };

    expect(call(module, 'execSync', `touch /made/lock-${PID} && run --cache="c-${PID}1"`)).toEqual([
      `touch /made/lock-${PID} && run --cache="c-${PID}1"`,
    ]);
    call(module, 'spawn', 'touch', [`/made/spawned-${PID}`], options);
    expect([...noted.paths]).toEqual([
      `/made/lock-${PID}`,
      `/made/spawned-${PID}`,
      `/work/relative-${PID}`,
    ]);
  });

  test('should wrap every function that starts a process', () => {
    const module = starters();
    const noted: PidNamedFiles = { recording: true, paths: new Set() };
    wrapChildStarts(module, noted, PID);
    for (const name of STARTING) call(module, name, `/made/${name}-${PID}`);

    expect(noted.paths.size).toBe(STARTING.length);
  });

  test('should note nothing while no copy runs, of what it cannot read, or what was there', () => {
    const module = starters();
    const noted: PidNamedFiles = { recording: false, paths: new Set() };
    wrapChildStarts(module, noted, PID);
    call(module, 'spawn', `/made/lock-${PID}`);
    noted.recording = true;
    call(module, 'spawn', undefined, [42], null, { env: null, cwd: 7 });
    const there = join(scratch, `there-${PID}`);
    writeFileSync(there, '');
    call(module, 'execSync', `touch ${there}`);

    expect(noted.paths.size).toBe(0);
  });
});
