import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { envAssignment, splitCommand } from '../../src/init/split-command.js';

describe('splitCommand', () => {
  it('should split words on whitespace and keep quoted groups whole', () => {
    expect(splitCommand(`node "my server/index.js" stdio --name 'a b'`)).toEqual({
      command: 'node',
      args: ['my server/index.js', 'stdio', '--name', 'a b'],
      env: {},
    });
  });

  it('should keep an escaped space and an empty quoted argument', () => {
    expect(splitCommand(`node my\\ server.js ""`)).toEqual({
      command: 'node',
      args: ['my server.js', ''],
      env: {},
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
    expect(splitCommand(text)).toEqual({ command: 'node', args, env: {} });
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

describe('splitCommand variables', () => {
  it('should take leading VAR=value words as variables for the server, as a shell does', () => {
    expect(splitCommand(`MEMORY_FILE_PATH=./m.json DEBUG="a b" npx mcp-server-memory X=1`)).toEqual(
      {
        command: 'npx',
        args: ['mcp-server-memory', 'X=1'],
        env: { MEMORY_FILE_PATH: './m.json', DEBUG: 'a b' },
      },
    );
  });

  it('should keep a word that is no variable name as the command', () => {
    expect(splitCommand(`1X=2 node`)).toEqual({ command: '1X=2', args: ['node'], env: {} });
  });

  it('should say a command of variables only needs the server command', () => {
    expect(() => splitCommand('A=1 B=2')).toThrow('init --server: empty command.');
  });
});

describe('envAssignment', () => {
  it('should read one --env VAR=value, keeping = in the value', () => {
    expect(envAssignment('TOKEN=a=b')).toEqual(['TOKEN', 'a=b']);
    expect(envAssignment('EMPTY=')).toEqual(['EMPTY', '']);
  });

  it.each([['NOVALUE'], ['=x'], ['1A=x']])('should refuse %j with how to write it', (text) => {
    let thrown: unknown;
    try {
      envAssignment(text);
    } catch (error) {
      thrown = error;
    }

    expect(isConfigError(thrown)).toBe(true);
    expect(String(thrown)).toBe(
      `ConfigError: init --env: expected VAR=value but received "${text}". Pass e.g. --env MEMORY_FILE_PATH=./memory.json.`,
    );
  });
});
