import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory, with a trailing separator. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The built command line the e2e tests drive (`npm run build` writes it). */
export const binPath = join(repoRoot, 'dist', 'src', 'bin.js');
