// Finds the places where code and docs cite the design document, and the sections they name.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** One citation: the file, and the section it names (null when it names none). */
export interface DesignCitation {
  readonly file: string;
  readonly section: string | null;
}

const CITED = 'docs/design.md';
const SOURCE = /\.(ts|js|mjs|md)$/;

/** Source and Markdown files under `dir`, recursively, skipping dependencies and build output. */
export function sourceFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'reports'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(full));
    else if (SOURCE.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/**
 * Every `docs/design.md "Section"` in a file. A comment may break the quoted name over two lines:
 * comment markers at line starts are read as spaces.
 */
export function designCitationsOf(file: string): DesignCitation[] {
  const text = readFileSync(file, 'utf8').replace(/\n\s*(?:\/\/|\*(?!\/))?\s*/g, ' ');
  const citations: DesignCitation[] = [];
  for (let at = text.indexOf(CITED); at !== -1; at = text.indexOf(CITED, at + CITED.length)) {
    const section = /^\s*"([^"]+)"/.exec(text.slice(at + CITED.length))?.[1] ?? null;
    citations.push({ file, section });
  }
  return citations;
}

/** The section names a design document offers: its headings, without Markdown code marks. */
export function designSectionsOf(designFile: string): string[] {
  return readFileSync(designFile, 'utf8')
    .split('\n')
    .flatMap((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1] ?? [])
    .map((heading) => heading.replace(/`/g, ''));
}

/**
 * Documents that are not in the repository: an upper-case design or style guide, or a folder
 * beside the checkout. The repository explains itself; docs/design.md is the design.
 */
const OUTSIDE = /(?<![\w/.-])(?:DESIGN|STYLE)\.md\b|\.\.\/shared\//;

/** The lines of `file` that cite a document outside the repository, as `line: text`. */
export function outsideCitationsOf(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (OUTSIDE.test(line) ? [`${String(index + 1)}: ${line.trim()}`] : []));
}
