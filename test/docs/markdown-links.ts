// Reads the relative links of Markdown files the way GitHub renders them, so that a moved or
// renamed page, or a renamed heading, breaks a test instead of a reader's click.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** One relative link: the file it sits in, its target as written, and where it points. */
export interface MarkdownLink {
  readonly from: string;
  readonly target: string;
  /** The file or directory the link resolves to (the file itself for `#anchor` links). */
  readonly file: string;
  /** The heading anchor after `#`, if any. */
  readonly anchor: string | null;
}

/** Every `.md` file under `dir`, recursively, as absolute paths in a stable order. */
export function markdownFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFilesUnder(full));
    else if (entry.name.endsWith('.md')) files.push(full);
  }
  return files.sort();
}

/**
 * The relative links of a Markdown file: inline links and images, and reference definitions.
 * Links inside fenced code blocks and code spans are text, not links; `http:`, `https:` and
 * `mailto:` targets are left to the web.
 */
export function relativeLinksOf(file: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const text = line.replace(/`[^`]*`/g, '');
    const targets = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      if (target === undefined || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      const [pathPart = '', anchor] = target.split('#', 2);
      const resolved =
        pathPart === '' ? file : path.resolve(path.dirname(file), decodeURI(pathPart));
      links.push({ from: file, target, file: resolved, anchor: anchor ?? null });
    }
  }
  return links;
}

/**
 * The links of `files` that point nowhere: a missing file or directory, or an anchor that no
 * heading of the target Markdown file produces. Each as `<file>: <target> (<why>)`, relative to
 * `root`.
 */
export function brokenLinks(files: readonly string[], root: string): string[] {
  const broken: string[] = [];
  for (const link of files.flatMap(relativeLinksOf)) {
    const where = `${path.relative(root, link.from)}: ${link.target}`;
    if (!existsSync(link.file)) {
      broken.push(`${where} (no such file)`);
    } else if (link.anchor !== null && link.file.endsWith('.md')) {
      if (!headingAnchorsOf(link.file).includes(link.anchor))
        broken.push(`${where} (no heading with this anchor)`);
    }
  }
  return broken;
}

/**
 * The files of `required` that no chain of relative links from `start` reaches. A link to a
 * directory reaches its README.md, as GitHub shows it.
 */
export function unreachableFiles(start: string, required: readonly string[]): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const link of relativeLinksOf(next)) {
      const page = pageOf(link.file);
      if (page === null || seen.has(page)) continue;
      seen.add(page);
      queue.push(page);
    }
  }
  return required.filter((file) => !seen.has(file));
}

/** The anchors GitHub gives the headings of a Markdown file (github-slugger's rules). */
export function headingAnchorsOf(file: string): string[] {
  const counts = new Map<string, number>();
  const anchors: string[] = [];
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = counts.get(slug) ?? 0;
    counts.set(slug, count + 1);
    anchors.push(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) lines.push(line);
  }
  return lines;
}

/** The Markdown page a link target shows: the file itself, or a directory's README.md. */
function pageOf(target: string): string | null {
  if (target.endsWith('.md')) return existsSync(target) ? target : null;
  const readme = path.join(target, 'README.md');
  return existsSync(target) && statSync(target).isDirectory() && existsSync(readme) ? readme : null;
}
