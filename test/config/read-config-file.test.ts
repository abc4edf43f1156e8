import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { readConfigFile } from '../../src/config/read-config-file.js';
import { projectWith, removeProjects } from './config-fixture.js';

const JSON_FILE = 'envelope-mutants.config.json';
const FIX = 'Fix the syntax; JSON allows no comments and no trailing commas.';

afterAll(removeProjects);

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError, but readConfigFile resolved');
}

describe('readConfigFile on a JSON file', () => {
  it('should ignore the byte-order mark an editor put at the start', async () => {
    // Arrange
    const root = projectWith({ [JSON_FILE]: '\uFEFF{"seed": 3}' });

    // Act
    const value = await readConfigFile(join(root, JSON_FILE), JSON_FILE);

    // Assert
    expect(value).toEqual({ seed: 3 });
  });

  it('should refuse a byte-order mark anywhere but at the start', async () => {
    const root = projectWith({ [JSON_FILE]: '{"seed": 3}\uFEFF' });

    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    expect(message).toBe(
      `${JSON_FILE}: invalid JSON at line 1, column 12 (unexpected "\uFEFF"). ${FIX}`,
    );
  });

  it('should say the text ended where a value was still expected', async () => {
    const root = projectWith({ [JSON_FILE]: '{"seed": 1' });

    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    expect(message).toBe(
      `${JSON_FILE}: invalid JSON at line 1, column 11 (unexpected end of line or text). ${FIX}`,
    );
  });

  it('should say the line ended inside a string', async () => {
    const root = projectWith({ [JSON_FILE]: '{"reportDir": "out\n"}' });

    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    expect(message).toBe(
      `${JSON_FILE}: invalid JSON at line 1, column 19 (unexpected end of line or text). ${FIX}`,
    );
  });

  it('should refuse a comment in one line naming its line and column', async () => {
    // Arrange: the `.json` config stays strict JSON; comments belong in a `.mjs` config.
    const root = projectWith({ [JSON_FILE]: '{\n  "seed": 3 // fixed for CI\n}\n' });

    // Act
    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    // Assert
    expect(message).toBe(
      `${JSON_FILE}: invalid JSON at line 2, column 13 (unexpected "/"). ${FIX}`,
    );
    expect(message).not.toContain('\n');
  });

  it('should read the same config without its comment (negative control)', async () => {
    const root = projectWith({ [JSON_FILE]: '{\n  "seed": 3\n}\n' });

    const value = await readConfigFile(join(root, JSON_FILE), JSON_FILE);

    expect(value).toEqual({ seed: 3 });
  });

  it('should locate the mistake in invalid JSON nested 100,000 deep', async () => {
    // Arrange: a missing value at the bottom of 100,000 open arrays
    const root = projectWith({ [JSON_FILE]: `{"seed": ${'['.repeat(100_000)}}` });

    // Act
    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    // Assert
    expect(message).toBe(
      `${JSON_FILE}: invalid JSON at line 1, column ${'{"seed": '.length + 100_001} (unexpected "}"). ${FIX}`,
    );
  });

  it('should report a config path it cannot read as a file', async () => {
    // Arrange: a directory where the file should be (permissions do not stop root).
    const root = projectWith({});
    mkdirSync(join(root, JSON_FILE));

    // Act
    const message = await messageOf(readConfigFile(join(root, JSON_FILE), JSON_FILE));

    // Assert
    expect(message).toMatch(
      /^envelope-mutants\.config\.json: cannot read the file \(EISDIR: [^)]+\)\. Check its permissions\.$/,
    );
  });
});
