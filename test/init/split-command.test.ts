import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { splitCommand } from '../../src/init/split-command.js';

describe('splitCommand', () => {
  it('should split words on whitespace and keep quoted groups whole', () => {
    expect(splitCommand(`node "my server/index.js" stdio --name 'a b'`)).toEqual({
      command: 'node',
      args: ['my server/index.js', 'stdio', '--name', 'a b'],
    });
  });

  it('should keep an escaped space and an empty quoted argument', () => {
    expect(splitCommand(`node my\\ server.js ""`)).toEqual({
      command: 'node',
      args: ['my server.js', ''],
    });
  });

  it.each([[''], ['   '], [`node "unclosed`]])('should throw a ConfigError for %j', (text) => {
    let thrown: unknown;
    try {
      splitCommand(text);
    } catch (error) {
      thrown = error;
    }

    expect(isConfigError(thrown)).toBe(true);
    expect(String(thrown)).toMatch(/^ConfigError: init --server: /);
  });
});

describe('splitCommand escapes', () => {
  it.each([
    [`node "say \\"hi\\"" x`, ['say "hi"', 'x']],
    [`node "a\\\\b"`, ['a\\b']],
    [`node 'a\\b'`, ['a\\b']],
    [`node "ends\\`, undefined],
    [`node ab\\`, ['ab\\']],
    [`node a\tb\nc`, ['a', 'b', 'c']],
    [`  node  a  `, ['a']],
    [`node \\ a`, [' a']],
    [`node a"b c"d`, ['ab cd']],
  ])('should split %j the way a POSIX shell does', (text, args) => {
    if (args === undefined) {
      expect(() => splitCommand(text)).toThrow('init --server: unclosed " quote in');
      return;
    }
    expect(splitCommand(text)).toEqual({ command: 'node', args });
  });

  it('should name the unclosed quote and say how to fix it', () => {
    expect(() => splitCommand(`node 'a b`)).toThrow(
      `init --server: unclosed ' quote in "node 'a b". Close it.`,
    );
  });

  it('should say an empty command needs the server command, with an example', () => {
    expect(() => splitCommand('  ')).toThrow(
      'init --server: empty command. Pass the command that starts your MCP server on stdio, e.g. --server "node dist/server.js".',
    );
  });
});
