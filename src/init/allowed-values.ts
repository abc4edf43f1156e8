import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ServerCommand } from './split-command.js';

// A program the command runs (node dist/server.js), not a value the server serves.
const PROGRAM_FILE = /\.(?:[cm]?[jt]s|py)$/;

/**
 * The values the user gave the server on its command line that are paths (an argument, the value
 * of `--flag=value`, a `VAR=value` of its own): answering with them is the server's job, so
 * `sanitize.leak` must not call them internal. Returned as written, relative to `cwd`; see
 * {@link absolutePaths} for what the server may echo.
 */
export function givenPaths(command: ServerCommand, cwd: string): string[] {
  const values = [
    ...command.args.map((arg) => (/^-[^=]*=/.test(arg) ? arg.slice(arg.indexOf('=') + 1) : arg)),
    ...Object.values(command.env),
  ];
  return [...new Set(values.filter((value) => isGivenPath(value, cwd)))];
}

/** A path as a server may echo it: absolute against `cwd`, and with its symlinks resolved. */
export function absolutePaths(value: string, cwd: string): string[] {
  const full = path.resolve(cwd, value);
  return existsSync(full) ? [...new Set([full, realpathSync(full)])] : [full];
}

function isGivenPath(value: string, cwd: string): boolean {
  if (value === '' || value.startsWith('-')) return false;
  const full = path.resolve(cwd, value);
  if (existsSync(full) && statSync(full).isFile() && PROGRAM_FILE.test(value)) return false;
  return path.isAbsolute(value) || /^\.\.?(?:\/|$)/.test(value) || existsSync(full);
}
