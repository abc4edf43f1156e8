// `npm run build` starts from an empty dist/: a module moved or deleted in src/ must not live on
// in dist/ (and in the package) as a stale file.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

rmSync(fileURLToPath(new URL('../dist', import.meta.url)), { recursive: true, force: true });
