import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVitest, type Vitest } from 'vitest/node';

/** A project's `test` options besides its name and `include`, as JavaScript source. */
type Extra = string;

/**
 * Runs `use` on a vitest whose config has two projects, `alpha` and `beta`, with the `include`
 * globs given (relative to a temporary root holding `a/x.spec.mjs` and `b/x.spec.mjs`) and any
 * other options of each (`"pool: 'threads'"`), then closes it and removes the root.
 */
export async function withProjects(
  alpha: string | readonly [string, Extra],
  beta: string | readonly [string, Extra],
  use: (vitest: Vitest) => Promise<void> | void,
): Promise<void> {
  const project = (name: string, spec: string | readonly [string, Extra]): string => {
    const [include, extra] = typeof spec === 'string' ? [spec, ''] : spec;
    return `{ test: { name: '${name}', include: ['${include}']${extra === '' ? '' : `, ${extra}`} } }`;
  };
  const root = mkdtempSync(join(tmpdir(), 'with-projects-'));
  try {
    for (const folder of ['a', 'b']) {
      mkdirSync(join(root, folder));
      const spec = "import { test } from 'vitest';\ntest('x', () => {});\n";
      writeFileSync(join(root, folder, 'x.spec.mjs'), spec);
    }
    const config = `export default { test: { projects: [
      ${project('alpha', alpha)},
      ${project('beta', beta)},
    ] } };\n`;
    writeFileSync(join(root, 'vitest.config.mjs'), config);
    const vitest = await createVitest('test', { root, watch: false, reporters: [] });
    try {
      await use(vitest);
    } finally {
      await vitest.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
