import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { writeArtifact } from '../../src/secrets/write-artifact.js';

describe('writeArtifact', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-artifact-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('should create the folder and write the text with every secret redacted', async () => {
    // Arrange
    const env = { NPM_TOKEN: 'npm_FAKE<&>"1234' };
    const file = path.join(dir, 'deep', 'incremental.json');
    const text = JSON.stringify({ siteKey: `site-${env.NPM_TOKEN}`, html: '&lt;&amp;&gt;' });
    // Act
    await writeArtifact(file, text, { env });
    // Assert
    expect(await readFile(file, 'utf8')).toBe(
      '{"siteKey":"site-[redacted $NPM_TOKEN]","html":"&lt;&amp;&gt;"}',
    );
  });

  it('should say, as a mistake to fix, that a folder or a file stands where it must write', async () => {
    // Arrange: a folder where the file goes, and a file where a folder of its path goes.
    await mkdir(path.join(dir, 'out'));
    await writeFile(path.join(dir, 'a-file'), 'x');
    const errorOf = (file: string) =>
      writeArtifact(path.join(dir, file), '{}').then(
        () => undefined,
        (error: unknown) => error,
      );
    // Act
    const onFolder = await errorOf('out');
    const underFile = await errorOf('a-file/report.json');
    // Assert
    expect(isConfigError(onFolder)).toBe(true);
    expect((onFolder as Error).message).toBe(
      `cannot write "${path.join(dir, 'out')}": it is a directory; name a file.`,
    );
    expect(isConfigError(underFile)).toBe(true);
    expect((underFile as Error).message).toMatch(
      /a part of its path is a file, not a directory\.$/,
    );
    // Negative control: a path that can be written is written.
    expect(await errorOf('out/report.json')).toBeUndefined();
  });

  it('should say that no file can be made where the system holds none, or a name is too long', async () => {
    // Arrange: /proc holds no folders of ours (Node's recursive mkdir spins there forever).
    const errorOf = (file: string) =>
      writeArtifact(file, '{}').then(
        () => undefined,
        (error: unknown) => error,
      );
    // Act
    const inProc = await errorOf('/proc/envelope-mutants-nowhere/deep/report.json');
    const long = await errorOf(path.join(dir, `${'x'.repeat(300)}.json`));
    // Assert
    expect(isConfigError(inProc)).toBe(true);
    expect((inProc as Error).message).toBe(
      'cannot write "/proc/envelope-mutants-nowhere/deep/report.json": no file can be made there (ENOENT); name a path in a folder you can write to.',
    );
    expect(isConfigError(long)).toBe(true);
    expect((long as Error).message).toMatch(
      /: the name is too long for the file system \(ENAMETOOLONG\); shorten it\.$/,
    );
  });
});
