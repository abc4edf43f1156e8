import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secretRedactor(options.env ?? process.env).text(text));
}
