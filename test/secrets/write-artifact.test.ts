import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
});
