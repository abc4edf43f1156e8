import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { makeFolders } from './make-folders.js';
import { secretRedactor, type Environment } from './redact-secrets.js';

export interface WriteArtifactOptions {
  /** Whose secret-looking variables are redacted; default `process.env`. */
  readonly env?: Environment;
}

/**
 * Writes one file the run leaves behind (a report, a state file, a fuzz fixture), creating its
 * folder. Every artifact goes through here so none of them can carry a secret of the environment,
 * in any encoding: CI uploads them, and a mutant may have made the suite echo a credential.
 *
 * @internal
 */
export async function writeArtifact(
  file: string,
  text: string,
  options: WriteArtifactOptions = {},
): Promise<void> {
  try {
    makeFolders(path.dirname(file));
    await writeFile(file, secretRedactor(options.env ?? process.env).text(text));
  } catch (error) {
    throw unwritable(file, error) ?? error;
  }
}

/**
 * A path the user gave (`--out`, `reportDir`) that no file can be written at, said as a mistake
 * to fix (exit 2), not as a bug: a folder there, a file where a folder of its path should be, a
 * place that holds no files (`/proc`, an empty path), a name too long, or no permission. Anything
 * else stays the error it is.
 */
function unwritable(file: string, error: unknown): ConfigError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'EISDIR'
      ? 'it is a directory; name a file'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a part of its path is a file, not a directory'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? `no permission to write there (${code})`
          : code === 'ENOENT'
            ? 'no file can be made there (ENOENT); name a path in a folder you can write to'
            : code === 'ENAMETOOLONG'
              ? 'the name is too long for the file system (ENAMETOOLONG); shorten it'
              : undefined;
  return why === undefined ? undefined : new ConfigError(`cannot write "${file}": ${why}.`);
}
