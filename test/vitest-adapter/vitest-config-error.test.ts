import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { vitestConfigError } from '../../src/vitest-adapter/vitest-config-error.js';

const ROOT = mkdtempSync(path.join(tmpdir(), 'vitest-config-error-'));
writeFileSync(path.join(ROOT, 'vitest.config.ts'), 'throw new Error("boom");\n');
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

describe('vitestConfigError', () => {
  it('should name the config vitest found and the first line of the error, in one line', () => {
    // Arrange: rolldown's parse error, coloured, over many lines.
    const error = new Error(
      'Build failed with 1 error:\n\n\x1b[31m[PARSE_ERROR] \x1b[0mUnexpected token\n   ╭─[ vitest.config.ts:1:262 ]\n',
    );
    // Act
    const { message } = vitestConfigError(error, { root: ROOT, configFile: null });
    // Assert
    expect(message).toMatch(
      /^vitest\.config\.ts: vitest cannot start on this config \(Build failed with 1 error: \[PARSE_ERROR\] Unexpected token\)\. Fix it; `npx vitest run` in \S+ shows the whole error\.$/,
    );
  });

  it('should name the configured file, with the --config that reproduces the error', () => {
    // Act
    const { message } = vitestConfigError(new TypeError('config must export an object.'), {
      root: ROOT,
      configFile: path.join(ROOT, 'ci.config.mts'),
    });
    // Assert
    expect(message).toContain('ci.config.mts: vitest cannot start on this config (TypeError: ');
    expect(message).toContain('an object). Fix it; `npx vitest run --config ci.config.mts` in ');
  });

  it('should say that vitest is missing, not that the config is wrong, where vitest is not installed', () => {
    // Arrange: Node's error for an import of vitest that no node_modules holds, and one of
    // another package (negative control: the config's own import, its fault).
    const error = new Error(
      "Cannot find package 'vitest' imported from /p/node_modules/envelope-mutants/dist/src/vitest-adapter/vitest-session.js",
    );
    const other = new Error(
      "Cannot find package 'vitest-plugin-x' imported from /p/vitest.config.ts",
    );
    // Act
    const { message } = vitestConfigError(error, { root: ROOT, configFile: null });
    const { message: otherMessage } = vitestConfigError(other, { root: ROOT, configFile: null });
    // Assert
    expect(message).toBe(
      "vitest is not installed where envelope-mutants and the project's config can load it (Cannot find package 'vitest'). envelope-mutants runs the project's suite with the project's own vitest: install it in the project (`npm i -D vitest`), then run again.",
    );
    expect(otherMessage).toContain('vitest.config.ts: vitest cannot start on this config');
  });

  it('should cut a long error short and pass a ConfigError through', () => {
    // Arrange
    const long = new Error('x'.repeat(1_000));
    const mine = new ConfigError('--root: nope. Fix it.');
    // Act
    const { message } = vitestConfigError(long, { root: ROOT, configFile: null });
    // Assert
    expect(message).toContain(`(${'x'.repeat(200)}…)`);
    expect(vitestConfigError(mine, { root: ROOT, configFile: null })).toBe(mine);
  });
});
