import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';

/** What init needs to know about the project it runs in. */
export interface ProjectFacts {
  readonly root: string;
  /** `@modelcontextprotocol/sdk` is a dependency of the project. */
  readonly usesMcpSdk: boolean;
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const;

/**
 * Reads the project's package.json. A project without one, or without vitest among its
 * dependencies, is a `ConfigError`: the harness runs vitest suites only.
 */
export function detectProject(root: string): ProjectFacts {
  const file = path.join(root, 'package.json');
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why = (error as { code?: unknown }).code === 'ENOENT' ? 'not found' : 'not valid JSON';
    throw new ConfigError(
      `init: ${file} ${why}. Run init in the root of a vitest project, or pass --root <dir>.`,
    );
  }
  const names = dependencyNames(manifest);
  if (!names.has('vitest')) {
    throw new ConfigError(
      `init: ${file} lists no vitest dependency. envelope-mutants mutates what a vitest suite observes: run \`npm i -D vitest\` and write a first test, then init.`,
    );
  }
  return { root, usesMcpSdk: names.has('@modelcontextprotocol/sdk') };
}

function dependencyNames(manifest: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof manifest !== 'object' || manifest === null) return names;
  for (const field of DEPENDENCY_FIELDS) {
    const deps = (manifest as Record<string, unknown>)[field];
    if (typeof deps === 'object' && deps !== null)
      for (const name of Object.keys(deps)) names.add(name);
  }
  return names;
}
