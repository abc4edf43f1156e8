import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { nextSteps } from '../../src/init/next-steps.js';
import {
  DEFAULT_SUITE_FILE,
  INIT_CONFIG,
  INIT_CONFIG_FILE,
  runInit,
  type InitOptions,
} from '../../src/init/run-init.js';
import { writeFixtureServer } from '../support/stdio-fixture-server.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'em-run-init-'));
  const manifest = { name: 'p', devDependencies: { vitest: '^4.1.0' } };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest));
  writeFixtureServer(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const options = (overrides: Partial<InitOptions> = {}): InitOptions => ({
  root,
  force: false,
  timeoutMs: 5000,
  ...overrides,
});

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

async function rejection(options: InitOptions): Promise<string> {
  try {
    await runInit(options);
  } catch (error) {
    expect(isConfigError(error), String(error)).toBe(true);
    return (error as Error).message;
  }
  return 'resolved';
}

describe('runInit', () => {
  it('should write only the config without a server, and print the next steps', async () => {
    const result = await runInit(options());

    const configFile = path.join(root, INIT_CONFIG_FILE);
    expect(read(INIT_CONFIG_FILE)).toBe(
      [
        '{',
        '  "$schema": "node_modules/envelope-mutants/schema/envelope-mutants.config.schema.json",',
        '  "profile": "mcp-2025-11-25",',
        '  "strict": true,',
        '  "thresholds": {',
        '    "high": 95,',
        '    "low": 85,',
        '    "break": 90',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(result).toStrictEqual({
      project: { root, usesMcpSdk: false },
      written: [configFile],
      text: nextSteps({ project: { root, usesMcpSdk: false }, written: [configFile] }),
    });
    expect(existsSync(path.join(root, DEFAULT_SUITE_FILE))).toBe(false);
  });

  it('should probe a stdio server and write its contract suite next to the config', async () => {
    const result = await runInit(options({ server: 'node server.mjs ok' }));

    const suite = read(DEFAULT_SUITE_FILE);
    expect(suite).toContain(`const SERVER = { command: 'node', args: ['server.mjs', 'ok'] };`);
    expect(suite).toContain(`fileURLToPath(new URL('../', import.meta.url))`);
    expect(suite).toContain(`describe('fixture-server contract (mcp-2025-11-25)', () => {`);
    expect(suite).not.toContain('it.fails(');
    expect(result.written).toEqual([
      path.join(root, INIT_CONFIG_FILE),
      path.join(root, DEFAULT_SUITE_FILE),
    ]);
    expect(result.plan?.cases.map((entry) => entry.title)).toEqual([
      'should answer get-sum with a minimal valid call',
      "should report arguments that violate get-sum's inputSchema as a tool error",
      'should answer echo with a minimal valid call',
      "should report arguments that violate echo's inputSchema as a tool error",
      'should reject an unknown tool with a -32602 protocol error',
      'should reject an unknown method with -32601',
    ]);
    expect(result.plan?.findings).toEqual([]);
    expect(suite).toContain('beforeAll(async () => {');
    expect(suite).not.toContain('beforeEach(');
    expect(result.text).toContain('contract suite: 6 cases, 0 known-failing (it.fails)\n');
    expect(JSON.parse(read(INIT_CONFIG_FILE))).toEqual(INIT_CONFIG);
  });

  it('should start a server that closed its session again, and give the suite a session per test', async () => {
    const result = await runInit(options({ server: 'node server.mjs fragile' }));

    const suite = read(DEFAULT_SUITE_FILE);
    expect(result.plan?.skipped).toEqual([
      expect.stringMatching(
        /^should reject an unknown tool with a -32602 protocol error: no answer/,
      ),
    ]);
    expect(result.plan?.cases.at(-1)?.title).toBe('should reject an unknown method with -32601');
    expect(result.plan?.sessions).toBe('per-test');
    expect(suite).toContain('beforeEach(async ({ task }) => {');
    expect(suite).not.toContain('beforeAll(');
  });

  it('should stop the server once the cases are planned', async () => {
    await runInit(options({ server: 'node server.mjs ok' }));

    const pid = Number(read('server.pid'));
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });

  it.each([
    ['contract.test.ts', './'],
    [path.join('a', 'b', 'contract.test.ts'), '../../'],
  ])('should point the suite written to %s at the root as %s', async (out, cwd) => {
    await runInit(options({ server: 'node server.mjs ok', out }));

    expect(read(out)).toContain(`fileURLToPath(new URL('${cwd}', import.meta.url))`);
  });

  it.each([0, -5, 1.5, Number.NaN])(
    'should refuse --timeout %s and write nothing',
    async (timeoutMs) => {
      const message = await rejection(options({ timeoutMs }));

      expect(message).toBe(
        `init --timeout: expected a positive number of milliseconds but received ${timeoutMs}. Pass e.g. --timeout 10000.`,
      );
      expect(existsSync(path.join(root, INIT_CONFIG_FILE))).toBe(false);
    },
  );

  it('should leave an existing suite alone when it writes no suite', async () => {
    const suiteFile = path.join(root, DEFAULT_SUITE_FILE);
    await runInit(options({ server: 'node server.mjs ok' }));
    rmSync(path.join(root, INIT_CONFIG_FILE));

    const result = await runInit(options());

    expect(result.written).toEqual([path.join(root, INIT_CONFIG_FILE)]);
    expect(readFileSync(suiteFile, 'utf8')).toContain('// Generated by `envelope-mutants init`');
  });

  it('should refuse to replace an existing suite before probing, and replace it with force', async () => {
    const suiteFile = path.join(root, DEFAULT_SUITE_FILE);
    await runInit(options({ server: 'node server.mjs ok' }));
    rmSync(path.join(root, INIT_CONFIG_FILE));
    writeFileSync(suiteFile, '// mine\n');

    const message = await rejection(options({ server: 'node server.mjs crash' }));

    expect(message).toBe(
      `init: ${DEFAULT_SUITE_FILE} already exists. Pass --force to overwrite, or remove it first.`,
    );
    expect(existsSync(path.join(root, INIT_CONFIG_FILE))).toBe(false);
    await runInit(options({ server: 'node server.mjs ok', force: true }));
    expect(read(DEFAULT_SUITE_FILE)).toContain('// Generated by `envelope-mutants init`');
  });

  it('should refuse, even with force, a project whose config is a .js file', async () => {
    // Before, init wrote envelope-mutants.config.json beside it, and every command then refused
    // the project for its two config files.
    writeFileSync(path.join(root, 'envelope-mutants.config.js'), 'export default {};\n');

    const message = await rejection(options({ force: true }));

    expect(message).toBe(
      `init: the project already has a config, envelope-mutants.config.js, and init writes ${INIT_CONFIG_FILE}. Keep envelope-mutants.config.js and add to it by hand, or remove it first.`,
    );
    expect(existsSync(path.join(root, INIT_CONFIG_FILE))).toBe(false);
  });
});

describe('runInit on what a server logs', () => {
  it('should check the log in the suite, allowing the directory the server was given', async () => {
    mkdirSync(path.join(root, 'data'));

    const result = await runInit(options({ server: 'node server.mjs logs data' }));

    expect(result.plan?.findings).toEqual([]);
    expect(read(DEFAULT_SUITE_FILE)).toContain(
      "  it('should write no secret or internal detail to its log (stderr)', async () => {",
    );
  });

  it('should write the log check as a finding when the log leaked while probed', async () => {
    mkdirSync(path.join(root, 'data'));

    const result = await runInit(options({ server: 'node server.mjs logs data leak' }));

    expect(result.plan?.findings).toEqual([
      'its log (stderr): [sanitize.leak] Invalid log line 1: Expected no internal path but received one (/srv/…redacted)',
    ]);
    expect(result.text).not.toContain('secrets.json');
    expect(read(DEFAULT_SUITE_FILE)).toContain(
      "  it.fails('should write no secret or internal detail to its log (stderr)', async () => {",
    );
  });
});

describe('runInit on a server in the wild', () => {
  it('should not call the directory the server was given a leak, and report the leak in a tool error', async () => {
    mkdirSync(path.join(root, 'data'));

    const result = await runInit(options({ server: 'node server.mjs wild data' }));

    expect(result.plan?.findings).toEqual([
      'should not leak internals when read-secret fails: [sanitize.leak] Invalid result.content[0].text: Expected no internal path but received one (/srv/…redacted) (received value not shown: it carries a secret)',
    ]);
    expect(result.plan?.destructive).toEqual(['wipe']);
    expect(result.text).not.toMatch(/sk-live|secrets\.json/);
    const suite = read(DEFAULT_SUITE_FILE);
    expect(suite).toContain("const ALLOWED_VALUES = [...['data'].flatMap(givenPath)];");
    expect(suite).toContain("it.fails('should not leak internals when read-secret fails', () => {");
  });

  it('should keep the allowed values of the config it replaces, and allow them while probing', async () => {
    const dir = realpathSync(root);
    writeFileSync(path.join(root, INIT_CONFIG_FILE), JSON.stringify({ allowedValues: [dir] }));

    const result = await runInit(options({ server: 'node server.mjs wild .', force: true }));

    expect(JSON.parse(read(INIT_CONFIG_FILE))).toEqual({ ...INIT_CONFIG, allowedValues: [dir] });
    expect(read(DEFAULT_SUITE_FILE)).toContain(
      `const ALLOWED_VALUES = [...['.'].flatMap(givenPath), '${dir}'];`,
    );
    expect(result.plan?.findings.map((finding) => finding.split(':')[0])).toEqual([
      'should not leak internals when read-secret fails',
    ]);
  });
});
