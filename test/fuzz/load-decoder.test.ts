import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { loadDecoder } from '../../src/fuzz/load-decoder.js';

/** The test folder: module paths below are relative to it. */
const HERE = import.meta.dirname;

async function errorOf(spec: string, cwd = HERE): Promise<Error> {
  try {
    await loadDecoder(spec, cwd);
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return error as Error;
  }
  throw new Error(`expected ${spec} to be rejected`);
}

describe('loadDecoder', () => {
  it('should give the built-in MCP SDK adapter for mcp-sdk', async () => {
    // Act
    const decoder = await loadDecoder('mcp-sdk', HERE);

    // Assert
    expect(decoder.name).toBe('mcp-sdk');
    expect(decoder.sanitizes).toBe(false);
  });

  it('should load an exported decoder from a path relative to cwd', async () => {
    expect((await loadDecoder('./decoder-shapes.ts#looseIds', HERE)).name).toBe(
      'broken(correlation)',
    );
  });

  it('should load an exported decoder from an absolute path, whatever cwd', async () => {
    // Arrange
    const spec = `${path.join(HERE, 'decoder-shapes.ts')}#looseIds`;

    // Act / Assert
    expect((await loadDecoder(spec, '/')).name).toBe('broken(correlation)');
  });

  it('should call an exported factory, synchronous or asynchronous, for its decoder', async () => {
    expect((await loadDecoder('./decoder-shapes.ts#correlationOnly', HERE)).name).toBe(
      'broken(correlation)',
    );
    expect((await loadDecoder('./decoder-shapes.ts#isolationOnly', HERE)).name).toBe(
      'broken(isolation)',
    );
  });

  it('should take the last # as the separator', async () => {
    // Arrange: a directory whose name holds a #
    const spec = './decoder-shapes.ts#nope#looseIds';

    // Act
    const error = await errorOf(spec);

    // Assert
    expect(error.message).toContain('--decoder: module "./decoder-shapes.ts#nope" does not exist');
  });

  it.each(['some-module', 'mcp', '#decoder', './decoder-shapes.ts#'])(
    'should reject %j as neither a built-in decoder nor <module>#<export>',
    async (spec) => {
      expect((await errorOf(spec)).message).toBe(
        `--decoder: "${spec}" is neither a built-in decoder nor <module>#<export>. Use mcp-sdk or e.g. ./decoders/my-decoder.js#decoder.`,
      );
    },
  );

  it('should name the path it looked for when the module does not exist', async () => {
    expect((await errorOf('./missing.js#decoder', '/tmp')).message).toBe(
      '--decoder: module "./missing.js" does not exist (looked for /tmp/missing.js). Give a path relative to the working directory.',
    );
  });

  it('should say why a module could not be imported', async () => {
    expect((await errorOf('./throws-on-import.ts#decoder')).message).toBe(
      '--decoder: module "./throws-on-import.ts" could not be imported (cannot load the decoder). Give an ES module (.js/.mjs) that Node can import.',
    );
  });

  it('should import a package name as is, and say when it cannot', async () => {
    expect((await errorOf('envelope-mutants-no-such-package#decoder')).message).toMatch(
      /^--decoder: module "envelope-mutants-no-such-package" could not be imported \(.*envelope-mutants-no-such-package.*\)\. Give an ES module/,
    );
  });

  it('should list the exports of a module that lacks the one named', async () => {
    expect((await errorOf('./decoder-shapes.ts#nope')).message).toBe(
      '--decoder: module "./decoder-shapes.ts" has no export "nope" (exports: correlationOnly, crashes, isolationOnly, label, list, looseIds, notADecoder, nothing, proseReading, returnsEmpty, returnsNull, returnsNumber, throwsWhenCalled). Name one of its exports after the #.',
    );
    expect((await errorOf('./no-exports.ts#decoder')).message).toBe(
      '--decoder: module "./no-exports.ts" has no export "decoder" (exports: none). Name one of its exports after the #.',
    );
  });

  it.each([
    ['nothing', 'null'],
    ['list', 'an array'],
    ['label', 'a string'],
    [
      'notADecoder',
      'an object without createSession() and a boolean sanitizes, or with a name that is not a string',
    ],
  ])('should reject the export %s as %s, not a decoder', async (name, kind) => {
    expect((await errorOf(`./decoder-shapes.ts#${name}`)).message).toBe(
      `--decoder: ./decoder-shapes.ts#${name} is ${kind}, not a decoder. Export {name, sanitizes, createSession()} or a function returning one.`,
    );
  });

  it.each([
    ['returnsNull', 'null'],
    ['returnsNumber', 'a number'],
    [
      'returnsEmpty',
      'an object without createSession() and a boolean sanitizes, or with a name that is not a string',
    ],
  ])('should reject the factory %s for returning %s', async (name, kind) => {
    expect((await errorOf(`./decoder-shapes.ts#${name}`)).message).toBe(
      `--decoder: ./decoder-shapes.ts#${name} is a function, but it returned ${kind} instead of a decoder. Return {name, sanitizes, createSession()}.`,
    );
  });

  it('should say a factory threw, as a mistake of the project, not a bug of the fuzzer', async () => {
    // errorOf asserts the ConfigError (exit 2): before, the factory's own error reached the CLI
    // as an internal error, exit 3, with a stack.
    expect((await errorOf('./decoder-shapes.ts#throwsWhenCalled')).message).toBe(
      '--decoder: ./decoder-shapes.ts#throwsWhenCalled threw when called (no server to decode for). Fix the function so that it returns {name, sanitizes, createSession()}.',
    );
  });
});
