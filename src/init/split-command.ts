import { ConfigError } from '../errors.js';

/** A server command as `StdioClientTransport` takes it: no shell in between. */
export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * Splits `--server "<command>"` into a program and its arguments the way a POSIX shell splits
 * words: whitespace separates, single and double quotes group, a backslash escapes one character.
 * No expansion: the server is spawned without a shell.
 */
export function splitCommand(text: string): ServerCommand {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length)
        word = (word ?? '') + text[++i];
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (char === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
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
  const [command, ...args] = words;
  if (command === undefined)
    throw new ConfigError(
      'init --server: empty command. Pass the command that starts your MCP server on stdio, e.g. --server "node dist/server.js".',
    );
  return { command, args };
}
