import { readFileSync } from 'node:fs';

/** Where a user finds the published schema (and what a config's `$schema` may point at). */
export const CONFIG_SCHEMA_REFERENCE =
  'node_modules/envelope-mutants/schema/envelope-mutants.config.schema.json';

let cached: Readonly<Record<string, unknown>> | undefined;

/**
 * The published JSON schema of the config (schema/envelope-mutants.config.schema.json), read once.
 * It sits two levels above src/config and three above dist/src/config.
 */
export function configSchema(): Readonly<Record<string, unknown>> {
  if (cached !== undefined) return cached;
  for (const candidate of ['../../schema/', '../../../schema/']) {
    const url = new URL(`${candidate}envelope-mutants.config.schema.json`, import.meta.url);
    let text: string;
    try {
      text = readFileSync(url, 'utf8');
    } catch {
      continue;
    }
    cached = JSON.parse(text) as Readonly<Record<string, unknown>>;
    return cached;
  }
  throw new Error(
    'envelope-mutants: schema/envelope-mutants.config.schema.json is missing from the package',
  );
}
