import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.js';
import { type Decoder, isDecoder } from './decoder.js';
import { mcpSdkDecoder } from './mcp-sdk-decoder.js';

/** Decoders that ship with the library, by the name `--decoder` accepts. */
const BUILT_IN: Readonly<Record<string, () => Decoder>> = { 'mcp-sdk': mcpSdkDecoder };

/**
 * Resolves `--decoder`: a built-in name (`mcp-sdk`) or `<module>#<export>`, where the module is a
 * path relative to `cwd` (or a package name) and the export is a {@link Decoder} or a function
 * returning one. Every mistake is a `ConfigError` naming the flag.
 *
 * @internal
 */
export async function loadDecoder(spec: string, cwd: string): Promise<Decoder> {
  const builtIn = BUILT_IN[spec];
  if (builtIn !== undefined) return builtIn();
  const hash = spec.lastIndexOf('#');
  if (hash <= 0 || hash === spec.length - 1) {
    throw new ConfigError(
      `--decoder: "${spec}" is neither a built-in decoder nor <module>#<export>. Use ${Object.keys(BUILT_IN).join(', ')} or e.g. ./decoders/my-decoder.js#decoder.`,
    );
  }
  const specifier = spec.slice(0, hash);
  const exportName = spec.slice(hash + 1);
  const module = await importModule(specifier, cwd);
  if (!(exportName in module)) {
    const names = Object.keys(module).sort().join(', ') || 'none';
    throw new ConfigError(
      `--decoder: module "${specifier}" has no export "${exportName}" (exports: ${names}). Name one of its exports after the #.`,
    );
  }
  return asDecoder(module[exportName], `${specifier}#${exportName}`);
}

async function importModule(specifier: string, cwd: string): Promise<Record<string, unknown>> {
  const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
  const resolved = isPath ? path.resolve(cwd, specifier) : specifier;
  if (isPath && !existsSync(resolved)) {
    throw new ConfigError(
      `--decoder: module "${specifier}" does not exist (looked for ${resolved}). Give a path relative to the working directory.`,
    );
  }
  try {
    return (await import(isPath ? pathToFileURL(resolved).href : resolved)) as Record<
      string,
      unknown
    >;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `--decoder: module "${specifier}" could not be imported (${reason}). Give an ES module (.js/.mjs) that Node can import.`,
    );
  }
}

async function asDecoder(value: unknown, where: string): Promise<Decoder> {
  if (isDecoder(value)) return value;
  if (typeof value === 'function') {
    let made: unknown;
    try {
      made = await (value as () => unknown)();
    } catch (error) {
      // The project's factory failed, not the fuzzer: a mistake to fix there, not a bug of ours.
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(
        `--decoder: ${where} threw when called (${reason}). Fix the function so that it returns {name, sanitizes, createSession()}.`,
      );
    }
    if (isDecoder(made)) return made;
    throw new ConfigError(
      `--decoder: ${where} is a function, but it returned ${kind(made)} instead of a decoder. Return {name, sanitizes, createSession()}.`,
    );
  }
  throw new ConfigError(
    `--decoder: ${where} is ${kind(value)}, not a decoder. Export {name, sanitizes, createSession()} or a function returning one.`,
  );
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object')
    return 'an object without createSession() and a boolean sanitizes, or with a name that is not a string';
  return `a ${typeof value}`;
}
