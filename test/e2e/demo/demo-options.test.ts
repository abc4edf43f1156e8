// `npm run demo` (scripts/demo.js) runs one example, `-- --all` all five. Any other option is a
// mistake: exit 2 and a message naming it, before anything runs.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';

const DEMO = join(repoRoot, 'scripts', 'demo.js');

describe('npm run demo', () => {
  test('should refuse an unknown option with exit 2 and say what it accepts', async () => {
    const { exitCode, stdout, stderr } = await runNode(DEMO, ['--everything']);

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      'demo: unknown option --everything; `npm run demo` runs the weak example, `npm run demo -- --all` all five\n',
    );
    expect(stdout).toBe('');
  });

  test('should name only the unknown option beside --all', async () => {
    const { exitCode, stderr } = await runNode(DEMO, ['--all', '--fast']);

    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^demo: unknown option --fast;/);
  });
});
