// The documentation as a newcomer meets it: a README short enough to read in five minutes that
// opens with the two set-up commands, and from which every page of docs/ is reachable by links
// that all resolve.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, markdownFilesUnder, unreachableFiles } from './markdown-links.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const README = path.join(repo, 'README.md');
const CONTRIBUTING = path.join(repo, 'CONTRIBUTING.md');
const DOCS = markdownFilesUnder(path.join(repo, 'docs'));

/** The README's budget: what a newcomer reads in five minutes. */
const README_MAX_BYTES = 10_240;

describe('README.md', () => {
  it('should stay within 10 KB', () => {
    // Act
    const bytes = statSync(README).size;

    // Assert
    expect(bytes, `README.md is ${bytes} bytes; move detail to docs/`).toBeLessThanOrEqual(
      README_MAX_BYTES,
    );
  });

  it('should open with the two set-up commands', () => {
    // Arrange
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readFileSync(README, 'utf8'))?.[1] ?? '';

    // Act
    const commands = firstBlock.split('\n').map((line) => line.replace(/\s*#.*$/, ''));

    // Assert
    expect(commands.slice(0, 2)).toStrictEqual(['npm ci && npm run demo', 'npm ci && npm test']);
  });
});

describe('the documentation tree', () => {
  it('should reach every page of docs/ and CONTRIBUTING.md by links from the README', () => {
    // Act
    const unreachable = unreachableFiles(README, [CONTRIBUTING, ...DOCS]);

    // Assert
    expect(unreachable.map((file) => path.relative(repo, file))).toStrictEqual([]);
  });

  it('should have no relative link that points nowhere', () => {
    // Act
    const broken = brokenLinks([README, CONTRIBUTING, ...DOCS], repo);

    // Assert
    expect(broken).toStrictEqual([]);
  });
});
