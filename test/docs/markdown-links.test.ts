import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  brokenLinks,
  headingAnchorsOf,
  markdownFilesUnder,
  relativeLinksOf,
  unreachableFiles,
} from './markdown-links.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'envelope-mutants-links-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path relative to the temp root → text) and returns their absolute paths. */
function writeTree(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });
}

describe('relativeLinksOf', () => {
  it('should read inline links, images and reference definitions, and skip code and the web', () => {
    // Arrange
    const [readme = ''] = writeTree({
      'README.md': [
        'See [the guide](docs/guide.md#setup), ![logo](img/logo.png "Logo") and [web](https://x.dev).',
        '`[not a link](nowhere.md)` and [mail](mailto:a@b.c).',
        '```md',
        '[inside a fence](fenced.md)',
        '```',
        '[ref]: docs/ref.md',
      ].join('\n'),
    });

    // Act
    const targets = relativeLinksOf(readme).map((link) => [link.target, link.anchor]);

    // Assert
    expect(targets).toStrictEqual([
      ['docs/guide.md#setup', 'setup'],
      ['img/logo.png', null],
      ['docs/ref.md', null],
    ]);
  });
});

describe('headingAnchorsOf', () => {
  it('should give the anchors GitHub gives, numbering duplicates', () => {
    // Arrange
    const [page = ''] = writeTree({
      'page.md': [
        '# Data flow of `envelope-mutants run`',
        '## The verdict contract',
        '### 1. Discovery',
        '## Code-level mutants (StrykerJS bridge)',
        '## The verdict contract',
      ].join('\n'),
    });

    // Act
    const anchors = headingAnchorsOf(page);

    // Assert
    expect(anchors).toStrictEqual([
      'data-flow-of-envelope-mutants-run',
      'the-verdict-contract',
      '1-discovery',
      'code-level-mutants-strykerjs-bridge',
      'the-verdict-contract-1',
    ]);
  });
});

describe('brokenLinks', () => {
  it('should accept links to existing files, directories and headings', () => {
    // Arrange
    const files = writeTree({
      'README.md': '[a](docs/a.md) [b](docs/a.md#usage) [dir](docs) [self](#intro)\n# Intro\n',
      'docs/a.md': '# A\n## Usage\n[back](../README.md)\n',
    });

    // Act
    const broken = brokenLinks(files, root);

    // Assert
    expect(broken).toStrictEqual([]);
  });

  it('should report a missing file and a missing heading (negative control)', () => {
    // Arrange
    const files = writeTree({
      'README.md': '[gone](docs/gone.md) [anchor](docs/a.md#no-such-heading)\n',
      'docs/a.md': '# A\n',
    });

    // Act
    const broken = brokenLinks(files, root);

    // Assert
    expect(broken).toStrictEqual([
      'README.md: docs/gone.md (no such file)',
      'README.md: docs/a.md#no-such-heading (no heading with this anchor)',
    ]);
  });
});

describe('unreachableFiles', () => {
  it('should follow links through pages and directories, and name an orphan (negative control)', () => {
    // Arrange
    const [readme = ''] = writeTree({
      'README.md': '[docs](docs/)\n',
      'docs/README.md': '[guide](guide.md)\n',
      'docs/guide.md': '# Guide\n',
      'docs/orphan.md': '# Nobody links here\n',
    });

    // Act
    const unreachable = unreachableFiles(readme, markdownFilesUnder(path.join(root, 'docs')));

    // Assert
    expect(unreachable.map((file) => path.relative(root, file))).toStrictEqual([
      path.join('docs', 'orphan.md'),
    ]);
  });
});
