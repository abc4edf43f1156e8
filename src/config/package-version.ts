import { readFileSync } from 'node:fs';

/**
 * Our own version, read from package.json (two levels above dist/src/config and src/config).
 *
 * @internal
 */
export function packageVersion(): string {
  for (const candidate of ['../../package.json', '../../../package.json']) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8'));
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'name' in parsed &&
        parsed.name === 'envelope-mutants' &&
        'version' in parsed
      ) {
        return String(parsed.version);
      }
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}
