import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.js';
import { CONFIG_FILE_NAMES } from './config-input.js';
import { jsonSyntaxErrorPosition } from './json-syntax-error-position.js';

/**
 * The config file in the project root, or `null` when there is none. Two candidates at once are
 * a mistake: which one wins would be a guess.
 */
export function findConfigFile(projectRoot: string): string | null {
  const found = CONFIG_FILE_NAMES.filter((name) => existsSync(join(projectRoot, name)));
  if (found.length > 1) {
    throw new ConfigError(
      `${found.join(', ')}: more than one config file in the project root. Keep one of them.`,
    );
  }
  const [name] = found;
  return name === undefined ? null : join(projectRoot, name);
}

/**
 * The raw value of a config file: parsed JSON for `.json`, the default export (or the named
 * `config` export) for `.js` / `.mjs`. Not yet validated. `where` names the file in messages.
 */
export async function readConfigFile(file: string, where: string): Promise<unknown> {
  return extname(file) === '.json' ? readJson(file, where) : await importModule(file, where);
}

function readJson(file: string, where: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${where}: cannot read the file (${reason(error)}). Check its permissions.`,
    );
  }
  // Editors on some platforms prepend a byte-order mark, which JSON.parse rejects.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // Strict JSON, no comments: the `.json` file is also read by jq, JSON Schema validators and
  // scripts with JSON.parse, which would all fail on a comment. A config that wants comments is
  // an `envelope-mutants.config.mjs`.
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ConfigError(
      `${where}: invalid JSON${syntaxErrorAt(body)}. Fix the syntax; JSON allows no comments and no trailing commas.`,
    );
  }
}

/**
 * ` at line 3, column 5 (unexpected "}")`. The parser's own message is not repeated: V8 quotes
 * the surrounding text, which may hold the project's canaries.
 */
function syntaxErrorAt(text: string): string {
  // The scanner keeps its own stack: any depth of nesting is located.
  const position = jsonSyntaxErrorPosition(text);
  if (position === null) return '';
  const line = text.split('\n')[position.line - 1] ?? '';
  const char = line.charAt(position.column - 1);
  const found =
    char === '' ? 'unexpected end of line or text' : `unexpected ${JSON.stringify(char)}`;
  return ` at line ${position.line}, column ${position.column} (${found})`;
}

async function importModule(file: string, where: string): Promise<unknown> {
  let module: Readonly<Record<string, unknown>>;
  try {
    module = (await import(pathToFileURL(file).href)) as Readonly<Record<string, unknown>>;
  } catch (error) {
    throw new ConfigError(
      `${where}: the module threw while loading (${reason(error)}). Fix the error in the file, or run it with node to see the stack.`,
    );
  }
  if (module['default'] !== undefined) return module['default'];
  if (module['config'] !== undefined) return module['config'];
  throw new ConfigError(
    `${where}: the module exports no config. Add \`export default { … }\` or \`export const config = { … }\`.`,
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
