import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatPosition, parseJson } from '../config/parse-json.js';
import { unreadableBecause } from '../config/unreadable-because.js';
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
 * dependencies or installed where it can import it (a package of an npm workspace whose root
 * lists vitest), is a `ConfigError`: the harness runs vitest suites only.
 */
export function detectProject(root: string): ProjectFacts {
  if (!existsSync(root)) {
    throw new ConfigError(
      `init: --root ${root} does not exist. Pass the directory of a vitest project.`,
    );
  }
  const file = path.join(root, 'package.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const why = unreadableBecause(error);
    const fix = why.startsWith('is a folder')
      ? "A project's package.json is its npm manifest: move the folder away and run `npm init -y`"
      : 'Run init in the root of a vitest project, or pass --root <dir>';
    throw new ConfigError(`init: ${file} ${why}. ${fix}.`);
  }
  const manifest = parseJson(text);
  if (!manifest.ok) {
    throw new ConfigError(
      `init: ${file} is not valid JSON (${formatPosition(manifest.position)}). Fix it, then run init again.`,
    );
  }
  const names = dependencyNames(manifest.value);
  if (!names.has('vitest') && !installedFor(root, 'vitest')) {
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

/** Whether Node finds `name` from the project, as its tests would import it (hoisted, too). */
function installedFor(root: string, name: string): boolean {
  try {
    createRequire(path.join(path.resolve(root), 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}
