// `npm run build`, first step: every module of src/ and mutators/ from TypeScript to the
// JavaScript that runs, one file at a time, into dist/ at the same relative path, each with its
// source map (carrying its source: the package ships no src/).
//
// Why not tsc: type-checking the whole program is most of tsc's time, about 8 s of a 9 s build on
// 2 cores, and nothing that runs needs it. oxc (through rolldown, which bundles the worker) strips
// the types of one file in about a millisecond, so `npm run demo` builds in about a second.
// tsc still checks every type, and writes the declarations, in `npm run build`'s last step; with
// `isolatedModules` (tsconfig.json) it refuses what one file alone cannot say, such as a package's
// `const enum` or a type re-exported without `type`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { parse } from 'jsonc-parser';
import { transformSync } from 'rolldown/utils';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** The folders of the package's sources: tsconfig.build.json's `include`, which tsc checks. */
const ROOTS = parse(readFileSync(join(repo, 'tsconfig.build.json'), 'utf8')).include;

/** Every `.ts` module under `dir` (not declarations), relative to the repository. */
function modulesUnder(dir) {
  return readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)));
}

const failures = [];
for (const source of ROOTS.flatMap(modulesUnder)) {
  const out = join(repo, 'dist', source.replace(/\.ts$/, '.js'));
  const result = transformSync(source, readFileSync(join(repo, source), 'utf8'), {
    cwd: repo,
    lang: 'ts',
    sourceType: 'module',
    // tsconfig.json's target: Node 20 runs ES2022 as written.
    target: 'es2022',
    sourcemap: true,
  });
  if (result.errors.length > 0) {
    failures.push(
      `${source}: ${result.errors.map((error) => stripVTControlCharacters(error.message)).join('; ')}`,
    );
    continue;
  }
  const map = {
    ...result.map,
    file: basename(out),
    sources: [relative(dirname(out), join(repo, source)).split(sep).join('/')],
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${result.code}//# sourceMappingURL=${basename(out)}.map\n`);
  writeFileSync(`${out}.map`, JSON.stringify(map));
}
if (failures.length > 0) {
  process.stderr.write(`transpile: ${failures.length} module(s) failed:\n${failures.join('\n')}\n`);
  process.exitCode = 1;
}
