import { ConfigError } from '../errors.js';

/** A server command as `StdioClientTransport` takes it: no shell in between. */
export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Variables set for the server on top of the user's environment (`VAR=value` prefixes, `--env`). */
  readonly env: Readonly<Record<string, string>>;
}

// A POSIX shell variable assignment before the command (POSIX 2.9.1 Simple Commands).
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * Splits `--server "<command>"` into a program and its arguments the way a POSIX shell splits
 * words: whitespace separates, single and double quotes group, a backslash escapes one character;
 * leading `VAR=value` words set variables for the server, as a shell would. No expansion: the
 * server is spawned without a shell.
 */
export function splitCommand(text: string): ServerCommand {
  const words = splitWords(text);
  const env: Record<string, string> = {};
  let first = 0;
  for (const word of words) {
    const assignment = ASSIGNMENT.exec(word);
    if (assignment === null) break;
    env[assignment[1] ?? ''] = assignment[2] ?? '';
    first++;
  }
  const [command, ...args] = words.slice(first);
  if (command === undefined)
    throw new ConfigError(
      'init --server: empty command. Pass the command that starts your MCP server on stdio, e.g. --server "node dist/server.js".',
    );
  return { command, args, env };
}

/**
 * One `--env VAR=value` flag as a variable for the server; anything else is a `ConfigError`.
 *
 * @internal
 */
export function envAssignment(text: string): readonly [string, string] {
  const assignment = ASSIGNMENT.exec(text);
  if (assignment === null)
    throw new ConfigError(
      `init --env: expected VAR=value but received "${text}". Pass e.g. --env MEMORY_FILE_PATH=./memory.json.`,
    );
  return [assignment[1] ?? '', assignment[2] ?? ''];
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length)
        word = (word ?? '') + text.charAt(++i);
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (char === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text.charAt(++i);
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote !== undefined)
    throw new ConfigError(`init --server: unclosed ${quote} quote in "${text}". Close it.`);
  if (word !== undefined) words.push(word);
  return words;
}
