// Code, tests and docs cite the design as docs/design.md "Section": the document must exist in
// the repository and have that section, so a renamed heading cannot leave a citation dangling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  designCitationsOf,
  designSectionsOf,
  outsideCitationsOf,
  sourceFilesUnder,
} from './design-citations.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const DESIGN = path.join(repo, 'docs', 'design.md');
const CITING = ['src', 'mutators', 'test', 'bench', 'scripts', 'examples'];
/** This checker's own files cite the design on purpose, to test the checker. */
const CHECKER = path.join(repo, 'test', 'docs', 'design-citations');

/** Citations that name no section, or one the design does not have, as `file: "section"`. */
function danglingCitations(files: readonly string[], sections: readonly string[]): string[] {
  return files
    .flatMap(designCitationsOf)
    .filter((citation) => citation.section === null || !sections.includes(citation.section))
    .map((citation) => `${path.relative(repo, citation.file)}: ${String(citation.section)}`);
}

/** Writes `lines` to a file of a fresh temp folder, hands its path to `use`, and removes it. */
function withTempFile<T>(lines: readonly string[], use: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'envelope-mutants-citations-'));
  const file = path.join(dir, 'cites.ts');
  writeFileSync(file, lines.join('\n'));
  try {
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('citations of docs/design.md', () => {
  it('should each name a section the design has', () => {
    // Arrange
    const files = CITING.flatMap((dir) => sourceFilesUnder(path.join(repo, dir))).filter(
      (file) => !file.startsWith(CHECKER),
    );
    const sections = designSectionsOf(DESIGN);

    // Act
    const dangling = danglingCitations(files, sections);

    // Assert
    expect(files.flatMap(designCitationsOf).length).toBeGreaterThan(20);
    expect(dangling).toStrictEqual([]);
  });

  it('should report a citation without a section or to a missing one (negative control)', () => {
    // Arrange
    const lines = [
      '/** Step 2 (docs/design.md "Generate"). */',
      '// the verdict (docs/design.md "The verdict',
      '// contract") and (docs/design.md "No such section") and docs/design.md alone.',
    ];

    // Act
    const { sections, dangling } = withTempFile(lines, (file) => ({
      sections: designCitationsOf(file).map((citation) => citation.section),
      dangling: danglingCitations([file], ['Generate', 'The verdict contract']),
    }));

    // Assert
    expect(sections).toStrictEqual(['Generate', 'The verdict contract', 'No such section', null]);
    expect(dangling.map((line) => line.slice(line.lastIndexOf(': ') + 2))).toStrictEqual([
      'No such section',
      'null',
    ]);
  });
});

describe('citations of documents outside the repository', () => {
  it('should be none: the repository explains itself', () => {
    // Arrange
    const files = [...CITING, 'docs']
      .flatMap((dir) => sourceFilesUnder(path.join(repo, dir)))
      .concat(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((name) => path.join(repo, name)))
      .filter((file) => !file.startsWith(CHECKER));

    // Act
    const outside = files.flatMap((file) =>
      outsideCitationsOf(file).map((line) => `${path.relative(repo, file)}:${line}`),
    );

    // Assert
    expect(files.length).toBeGreaterThan(100);
    expect(outside).toStrictEqual([]);
  });

  it('should find a style guide or a design document cited outside (negative control)', () => {
    // Arrange
    const lines = [
      '// as STYLE.md "Layout" says',
      '// see DESIGN.md and ../shared/seeds/',
      '// docs/design.md "Taps" is in the repository',
    ];

    // Act
    const outside = withTempFile(lines, outsideCitationsOf);

    // Assert
    expect(outside).toStrictEqual([
      '1: // as STYLE.md "Layout" says',
      '2: // see DESIGN.md and ../shared/seeds/',
    ]);
  });
});
