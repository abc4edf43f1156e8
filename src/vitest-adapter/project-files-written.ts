import fs from 'node:fs';
import path from 'node:path';

/** Folders no test writes to share state: installed packages, the repository, StrykerJS's sandboxes. */
const SKIPPED = new Set(['node_modules', '.git', '.stryker-tmp']);

/** Past this many entries the project is not scanned: the answer would cost more than it saves. */
const MAX_ENTRIES = 20_000;

/** When each file of the project was last changed, by its path relative to the root. */
type FileTimes = ReadonlyMap<string, number>;

/**
 * Notes the project's files now; the function it returns says which of them the run since
 * created, changed or removed (relative, `/`-separated, sorted), or `undefined` where the project
 * is too large to scan. A test that writes a file at a fixed path inside the project and reads it
 * back later passes state outside its process: two copies of its file side by side would find
 * each other's (docs/verdict-contract.md, "What copies side by side share"). Symbolic links are
 * not followed, and a file written and removed within the run is not seen (it shares nothing
 * once gone, unless a copy beside it read it meanwhile).
 */
export function projectFilesWritten(root: string): () => readonly string[] | undefined {
  const before = fileTimes(root);
  return () => {
    if (before === undefined) return undefined;
    const after = fileTimes(root);
    if (after === undefined) return undefined;
    const changed = [...after].filter(([file, time]) => before.get(file) !== time);
    const removed = [...before.keys()].filter((file) => !after.has(file));
    return [...changed.map(([file]) => file), ...removed].sort();
  };
}

function fileTimes(root: string): FileTimes | undefined {
  const times = new Map<string, number>();
  const folders = [''];
  let entries = 0;
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let listed: fs.Dirent[];
    try {
      listed = fs.readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of listed) {
      entries += 1;
      if (entries > MAX_ENTRIES) return undefined;
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) folders.push(relative);
      } else if (entry.isFile()) {
        try {
          times.set(relative, fs.statSync(path.join(root, relative)).mtimeMs);
        } catch {
          // Gone since it was listed: a test is writing there right now.
          times.set(relative, -1);
        }
      }
    }
  }
  return times;
}
