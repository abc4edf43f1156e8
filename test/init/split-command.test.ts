import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/config/config-error.js';
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
