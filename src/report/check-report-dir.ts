import { constants, rmdirSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { makeFolders } from '../secrets/make-folders.js';
import { nearestExisting } from '../secrets/nearest-existing.js';
import type { ReporterName } from '../config/config-input.js';
import type { ResolvedConfig } from '../config/resolved-config.js';

/** The file each reporter writes in the report directory (the console writes none). */
const REPORT_FILES: Readonly<Partial<Record<ReporterName, string>>> = {
  json: 'mutation.json',
  html: 'mutation.html',
};

const FIX = 'Remove it, or set "reportDir" in the config to a directory of its own.';

/**
 * Checks, before a run starts, that its reports can be written: `reportDir` is a directory or can
 * be made one, and no report file in it is a directory. Found after the run, the same mistake
 * would cost the whole run and end in a bare EEXIST or EISDIR. Returns what undoes the check: it
 * removes the folders the check made where they are still empty, for a run refused after it.
 *
 * @internal
 */
export async function checkReportDir(
  config: Pick<ResolvedConfig, 'projectRoot' | 'reportDir' | 'reporters'>,
  extraFiles: readonly string[] = [],
): Promise<() => void> {
  const nothingToUndo = (): void => undefined;
  const names = [...config.reporters.flatMap((name) => REPORT_FILES[name] ?? []), ...extraFiles];
  if (names.length === 0) return nothingToUndo;
  const shown = (file: string): string => {
    const relative = path.relative(config.projectRoot, file);
    return relative === '' || relative.startsWith('..') ? file : relative;
  };
  const existing = nearestExisting(config.reportDir);
  if (!existing.stats.isDirectory()) {
    const what =
      existing.path === config.reportDir ? 'is' : `cannot be made: "${shown(existing.path)}" is`;
    throw new ConfigError(
      `reportDir: "${shown(config.reportDir)}" ${what} a file, not a directory. ${FIX}`,
    );
  }
  await checkWritable(existing.path, shown);
  if (existing.path !== config.reportDir) {
    // Made now, not after the run: write permission on its parent does not mean a folder can be
    // made there (a parent in /proc), and a run that cannot write its report is a run lost.
    let made: string[];
    try {
      made = makeFolders(config.reportDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError(
        `reportDir: "${shown(config.reportDir)}" cannot be made (${code}). Set "reportDir" in the config to a directory you can write to.`,
      );
    }
    return () => {
      removeEmpty(made);
    };
  }
  for (const name of names) {
    const file = path.join(config.reportDir, name);
    const stats = await stat(file).catch(() => undefined);
    if (stats === undefined) continue;
    if (!stats.isFile()) {
      throw new ConfigError(
        `reportDir: "${shown(file)}" is a directory, so the report cannot be written there. ${FIX}`,
      );
    }
    await checkWritable(file, shown);
  }
  return nothingToUndo;
}

/** Removes `folders` innermost first, as far as they are empty (a report may have landed). */
function removeEmpty(folders: readonly string[]): void {
  for (const folder of [...folders].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      return;
    }
  }
}

async function checkWritable(file: string, shown: (file: string) => string): Promise<void> {
  try {
    await access(file, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `reportDir: cannot write to "${shown(file)}" (${code}). Check its permissions, or set "reportDir" in the config to another directory.`,
    );
  }
}
