import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { isConfigError } from '../../src/errors.js';
import { loadConfig } from '../../src/config/load-config.js';
import { projectWith, projectWithJson, removeProjects } from './config-fixture.js';

const JSON_FILE = 'envelope-mutants.config.json';

afterAll(removeProjects);

describe('loadConfig', () => {
  it('should give the defaults when the project has no config file', async () => {
    // Arrange
    const root = projectWith({});

    // Act
    const config = await loadConfig({ cwd: root });

    // Assert
    expect(config).toMatchObject({
      configFile: null,
      projectRoot: root,
      profile: 'mcp-2025-11-25',
      canaries: [],
      thresholds: { high: 80, low: 60, break: null },
      strict: false,
      seed: 1,
      reporters: ['json', 'html', 'console'],
      reportDir: join(root, 'reports/envelope-mutants'),
      timeoutMs: 5000,
      timeoutFactor: 1.5,
      concurrency: null,
      pool: 'auto',
      testFiles: null,
      vitestConfig: null,
    });
    expect(config.mutators).toEqual(allMutators.map((mutator) => mutator.name));
    expect(config.taxonomy.profile.name).toBe('mcp-2025-11-25');
    expect(config.labels.size).toBe(0);
  });

  it('should read every key of a JSON config', async () => {
    // Arrange
    const root = projectWith({
      [JSON_FILE]: JSON.stringify({
        $schema: './node_modules/envelope-mutants/schema/envelope-mutants.config.schema.json',
        profile: 'mcp-2026-07-28',
        canaries: ['sk-canary-123'],
        mutators: ['change-id', 'swap-error-result'],
        labels: { 'envelope-id': 'jsonrpc.id' },
        taxonomy: { retryTable: [{ when: { transient: true }, action: 'ask-user' }] },
        thresholds: { high: 90, low: 70, break: 50 },
        strict: true,
        seed: 42,
        reporters: ['json'],
        reportDir: 'out',
        timeoutMs: 100,
        timeoutFactor: 2,
        concurrency: 2,
        pool: 'vmForks',
        testFiles: ['test/**/*.test.ts'],
        vitestConfig: 'vitest.config.ts',
      }),
      'vitest.config.ts': 'export default {};\n',
    });

    // Act
    const config = await loadConfig({ cwd: root });

    // Assert
    expect(config).toMatchObject({
      configFile: join(root, JSON_FILE),
      profile: 'mcp-2026-07-28',
      canaries: ['sk-canary-123'],
      thresholds: { high: 90, low: 70, break: 50 },
      strict: true,
      seed: 42,
      reporters: ['json'],
      reportDir: join(root, 'out'),
      timeoutMs: 100,
      timeoutFactor: 2,
      concurrency: 2,
      pool: 'vmForks',
      testFiles: ['test/**/*.test.ts'],
      vitestConfig: join(root, 'vitest.config.ts'),
    });
    // Catalogue order, whatever the order in the file.
    expect(config.mutators).toEqual(['swap-error-result', 'change-id']);
    expect([...config.labels]).toEqual([['envelope-id', 'jsonrpc.id']]);
    expect(config.taxonomy.profile.name).toBe('mcp-2026-07-28');
    expect(config.taxonomy.retryTable[0]).toEqual({
      when: { transient: true },
      action: 'ask-user',
    });
  });

  it('should read the default export of a .js config', async () => {
    // Arrange
    const root = projectWith({
      'package.json': '{"type":"module"}',
      'envelope-mutants.config.js': 'export default { seed: 7 };\n',
    });

    // Act
    const config = await loadConfig({ cwd: root });

    // Assert
    expect(config.seed).toBe(7);
    expect(config.configFile).toBe(join(root, 'envelope-mutants.config.js'));
  });

  it('should read the named config export of a .mjs config', async () => {
    // Arrange
    const root = projectWith({
      'envelope-mutants.config.mjs': 'export const config = { strict: true };\n',
    });

    // Act
    const config = await loadConfig({ cwd: root });

    // Assert
    expect(config.strict).toBe(true);
  });

  it('should read the file given by configPath instead of looking one up', async () => {
    // Arrange
    const root = projectWith({
      [JSON_FILE]: '{"seed": 1}',
      'other.json': '{"seed": 99}',
    });

    // Act
    const config = await loadConfig({ cwd: root, configPath: 'other.json' });

    // Assert
    expect(config.seed).toBe(99);
    expect(config.configFile).toBe(join(root, 'other.json'));
  });

  it('should let overrides win over the file and merge thresholds key by key', async () => {
    // Arrange
    const root = projectWithJson({ seed: 5, strict: true, thresholds: { high: 95, break: 40 } });

    // Act
    const config = await loadConfig({
      cwd: root,
      overrides: { seed: 6, strict: undefined, thresholds: { break: 30, low: undefined } },
    });

    // Assert
    expect(config.seed).toBe(6);
    expect(config.strict).toBe(true);
    expect(config.thresholds).toEqual({ high: 95, low: 60, break: 30 });
  });

  it('should resolve a baseline against the project root, and leave it out when not given', async () => {
    // Arrange
    const withBaseline = projectWithJson({ baseline: 'accepted.json' });
    const without = projectWithJson({});

    // Act
    const config = await loadConfig({ cwd: withBaseline });
    const plain = await loadConfig({ cwd: without });

    // Assert
    expect(config.baseline).toBe(join(withBaseline, 'accepted.json'));
    expect('baseline' in plain).toBe(false);
  });

  it('should accept a low threshold equal to the high one', async () => {
    const root = projectWithJson({ thresholds: { high: 70, low: 70 } });

    const config = await loadConfig({ cwd: root });

    expect(config.thresholds).toEqual({ high: 70, low: 70, break: null });
  });
});

describe('loadConfig errors', () => {
  async function messageOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError, but loadConfig resolved');
  }

  it('should name an unknown key and suggest the closest one', async () => {
    const root = projectWithJson({ mutator: ['change-id'] });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toMatch(
      /^envelope-mutants\.config\.json: unknown key "mutator"\. Did you mean "mutators"\? See the schema at node_modules\/envelope-mutants\/schema\/envelope-mutants\.config\.schema\.json\.$/,
    );
  });

  it('should list the known keys of a nested object when no key is close', async () => {
    const root = projectWithJson({ thresholds: { minimumScore: 3 } });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: thresholds: unknown key "minimumScore". Known keys: high, low, break, brittle.',
    );
  });

  it('should name the field and both types for a wrong type', async () => {
    const root = projectWithJson({ thresholds: { break: '80' } });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: thresholds.break: expected number or null but received string "80".',
    );
  });

  it('should give one line per problem', async () => {
    const root = projectWithJson({ seed: 1.5, strict: 'yes', reporters: ['json', 'xml'] });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message.split('\n')).toEqual([
      'envelope-mutants.config.json: strict: expected boolean but received string "yes".',
      'envelope-mutants.config.json: seed: expected integer but received number 1.5.',
      expect.stringMatching(
        /^envelope-mutants\.config\.json: reporters\[1\]: unknown reporter "xml"\. Valid reporters: json, html, console\. See the schema/,
      ),
    ]);
  });

  it('should list the valid profiles for an unknown profile', async () => {
    const root = projectWithJson({ profile: 'mcp-2025-11-26' });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: profile: unknown profile "mcp-2025-11-26". Did you mean "mcp-2025-11-25"? Valid profiles: jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28.',
    );
  });

  it('should list the rules for a label that maps to no rule', async () => {
    const root = projectWithJson({ labels: { 'envelope-id': 'jsonrpc.ids' } });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: labels.envelope-id: "jsonrpc.ids" is not a rule. Did you mean "jsonrpc.id"? Map the label to one of: jsonrpc.version, jsonrpc.id,',
    );
  });

  it('should name an unknown mutator, suggest one and list the catalogue', async () => {
    const root = projectWithJson({ mutators: ['change-id', 'swap-eror-result'] });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: mutators[1]: unknown mutator "swap-eror-result". Did you mean "swap-error-result"? Known mutators: swap-error-result,',
    );
  });

  it('should give the line and column of invalid JSON', async () => {
    const root = projectWith({ [JSON_FILE]: '{\n  "seed": 1,\n}\n' });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toBe(
      'envelope-mutants.config.json: invalid JSON at line 3, column 1 (unexpected "}"). Fix the syntax; JSON allows no comments and no trailing commas.',
    );
  });

  it('should not repeat the text around a JSON syntax error', async () => {
    const root = projectWith({ [JSON_FILE]: '{"canaries": ["sk-secret-value"] oops}' });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain('line 1, column 34');
    expect(message).not.toContain('sk-secret-value');
  });

  it('should never print a canary value in a schema error', async () => {
    const root = projectWithJson({ canaries: ['abc'] });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'canaries[0]: expected at least 4 characters besides spaces but received a string of 3 characters: a short or blank canary matches innocent text.',
    );
    expect(message).not.toContain('abc');
  });

  it('should report a .js config that throws on import', async () => {
    const root = projectWith({
      'envelope-mutants.config.mjs': 'throw new Error("no database");\n',
    });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toMatch(
      /^envelope-mutants\.config\.mjs: the module threw while loading \(no database\)\. Fix the error/,
    );
  });

  it('should report a .js config that exports nothing', async () => {
    const root = projectWith({ 'envelope-mutants.config.mjs': 'export const other = 1;\n' });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain('envelope-mutants.config.mjs: the module exports no config.');
  });

  it('should refuse two config files in one project', async () => {
    const root = projectWith({
      [JSON_FILE]: '{}',
      'envelope-mutants.config.mjs': 'export default {};',
    });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toBe(
      'envelope-mutants.config.json, envelope-mutants.config.mjs: more than one config file in the project root. Keep one of them.',
    );
  });

  it('should report a project root that is not a directory', async () => {
    const root = projectWith({ 'file.txt': 'not a project' });
    const missing = join(root, 'missing');
    const file = join(root, 'file.txt');
    expect(await messageOf(loadConfig({ cwd: missing }))).toBe(
      `--root: ${missing} does not exist. Pass the directory of a vitest project.`,
    );
    expect(await messageOf(loadConfig({ cwd: file }))).toBe(
      `--root: ${file} is a file, not a directory. Pass the directory of a vitest project.`,
    );
  });

  it('should report a configPath that does not exist', async () => {
    const root = projectWith({});
    const message = await messageOf(loadConfig({ cwd: root, configPath: 'missing.json' }));
    expect(message).toBe(
      '--config: no file at "missing.json". Check the path; it is relative to the project root.',
    );
  });

  it('should say that a configPath naming a folder is a folder, whatever its extension', async () => {
    const root = projectWith({});
    mkdirSync(join(root, 'conf'));
    mkdirSync(join(root, 'conf.json'));
    expect(await messageOf(loadConfig({ cwd: root, configPath: 'conf' }))).toBe(
      '--config: "conf" is a folder. Name the config file in it (--config conf/envelope-mutants.config.json), or pass --root conf to run the project it holds.',
    );
    expect(await messageOf(loadConfig({ cwd: root, configPath: 'conf.json' }))).toMatch(
      /^--config: "conf\.json" is a folder\./,
    );
  });

  it('should refuse a blank label, one with spaces around it, and a rule name mapped elsewhere', async () => {
    const messageOfLabels = async (labels: Record<string, string>) =>
      messageOf(loadConfig({ cwd: projectWithJson({ labels }) }));
    expect(await messageOfLabels({ ' ': 'jsonrpc.id' })).toBe(
      `${JSON_FILE}: labels: the label " " is blank, and no assertion message starts with it. Remove it.`,
    );
    expect(await messageOfLabels({ ' id ': 'jsonrpc.id' })).toBe(
      `${JSON_FILE}: labels: the label " id " has spaces around it, which are never part of a message's label. Write "id".`,
    );
    expect(await messageOfLabels({ 'jsonrpc.id': 'mcp.layer' })).toBe(
      `${JSON_FILE}: labels: "jsonrpc.id" is a rule's own name and always names that rule, not mcp.layer. Remove the entry, or label the assertions with a name of your own.`,
    );
    // Negative control: a label of the project's own, and a rule name mapped to itself.
    const config = await loadConfig({
      cwd: projectWithJson({ labels: { 'envelope-id': 'jsonrpc.id', 'jsonrpc.id': 'jsonrpc.id' } }),
    });
    expect([...config.labels]).toEqual([
      ['envelope-id', 'jsonrpc.id'],
      ['jsonrpc.id', 'jsonrpc.id'],
    ]);
  });

  it('should say no file is at a path below a file, or with a name too long, not crash', async () => {
    // statSync's throwIfNoEntry answers ENOENT only: ENOTDIR and ENAMETOOLONG escaped as bugs.
    const root = projectWith({ 'file.txt': 'x' });
    const long = `${'x'.repeat(300)}.json`;
    for (const configPath of ['file.txt/c.json', long]) {
      expect(await messageOf(loadConfig({ cwd: root, configPath }))).toBe(
        `--config: no file at "${configPath}". Check the path; it is relative to the project root.`,
      );
    }
    const vitest = await messageOf(
      loadConfig({ cwd: projectWithJson({ vitestConfig: 'envelope-mutants.config.json/x.ts' }) }),
    );
    expect(vitest).toMatch(/^envelope-mutants\.config\.json: vitestConfig: no file at /);
    expect(await messageOf(loadConfig({ cwd: join(root, 'file.txt', 'sub') }))).toMatch(
      /^--root: .* does not exist\./,
    );
  });

  it('should say that an empty configPath is empty', async () => {
    const root = projectWith({});
    expect(await messageOf(loadConfig({ cwd: root, configPath: ' ' }))).toBe(
      '--config: the path is empty (an unset variable?). Name the config file, or leave --config out to use the one in the project root.',
    );
  });

  it('should report a configPath of an unsupported type', async () => {
    const root = projectWith({ 'config.yaml': 'seed: 1' });
    const message = await messageOf(loadConfig({ cwd: root, configPath: 'config.yaml' }));
    expect(message).toContain('--config: unsupported file type ".yaml".');
  });

  it('should refuse a low threshold above the high one', async () => {
    const root = projectWithJson({ thresholds: { high: 50 } });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toBe(
      'envelope-mutants.config.json: thresholds.low (60) is above thresholds.high (50). Make low at most high.',
    );
  });

  it('should report a vitestConfig path that does not exist', async () => {
    const root = projectWithJson({ vitestConfig: 'vitest.missing.ts' });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toContain(
      'envelope-mutants.config.json: vitestConfig: no file at "vitest.missing.ts".',
    );
  });

  it('should say that a vitestConfig naming a folder is a folder', async () => {
    const root = projectWithJson({ vitestConfig: 'configs' });
    mkdirSync(join(root, 'configs'));
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toBe(
      'envelope-mutants.config.json: vitestConfig: "configs" is a folder. Name the vitest config file in it (such as configs/vitest.config.ts), or remove the key to let vitest find its config.',
    );
  });

  it('should name the file in a taxonomy error', async () => {
    const root = projectWithJson({
      taxonomy: { retryTable: [{ when: {}, action: 'panic' }] },
    });
    const message = await messageOf(loadConfig({ cwd: root }));
    expect(message).toMatch(/^envelope-mutants\.config\.json: taxonomy\.retryTable\[0\]\.action: /);
  });

  it('should name the command line for a bad override', async () => {
    const root = projectWith({});
    const message = await messageOf(loadConfig({ cwd: root, overrides: { seed: 2.5 } }));
    expect(message).toContain('command line: seed: expected integer but received number 2.5.');
  });

  it('should tell a flag to be left out, and point to --help rather than the schema', async () => {
    const root = projectWith({});
    const message = await messageOf(loadConfig({ cwd: root, overrides: { mutators: [] } }));
    expect(message).toBe(
      'command line: mutators: expected at least one item but received an empty list. Leave the flag out to use the default. Run the command with --help for its flags.',
    );
  });

  it('should list the pools for an unknown pool on the command line', async () => {
    const root = projectWith({});
    const message = await messageOf(
      loadConfig({ cwd: root, overrides: { pool: 'fast' as 'auto' } }),
    );
    expect(message).toContain(
      'command line: pool: expected one of auto, project, vmForks but received "fast".',
    );
  });

  it('should give one line per unknown mutator, then the catalogue once', async () => {
    const root = projectWithJson({ mutators: ['nope-a', 'change-id', 'nope-b'] });
    const message = await messageOf(loadConfig({ cwd: root }));
    const lines = message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`${JSON_FILE}: mutators[0]: unknown mutator "nope-a".`);
    expect(lines[1]).toMatch(
      /^envelope-mutants\.config\.json: mutators\[2\]: unknown mutator "nope-b"\. Known mutators: /,
    );
  });

  it('should name a config file in a subfolder by its path from the project root', async () => {
    // Arrange
    const project = projectWith({});
    mkdirSync(join(project, 'config', 'deep'), { recursive: true });
    writeFileSync(join(project, 'config', 'deep', 'em.json'), '{"seed": "one"}');

    // Act
    const message = await messageOf(
      loadConfig({ cwd: project, configPath: 'config/deep/em.json' }),
    );

    // Assert
    expect(message).toMatch(
      /^config\/deep\/em\.json: seed: expected integer but received string "one"\./,
    );
  });

  it('should say that a config path naming the project root is a folder', async () => {
    // Arrange: a project folder whose name looks like a JSON file, given as `--config .`.
    const root = join(projectWith({}), 'project.json');
    mkdirSync(root);

    // Act
    const message = await messageOf(loadConfig({ cwd: root, configPath: '.' }));

    // Assert
    expect(message).toBe(
      '--config: "." is a folder. Name the config file in it (--config envelope-mutants.config.json), or leave --config out to use the project root\'s config file.',
    );
  });

  it.each([
    ['null', null, 'null'],
    ['a number', 80, 'number 80'],
  ])(
    'should refuse a thresholds override that is %s, as the schema does',
    async (_, value, shown) => {
      const root = projectWith({});
      const message = await messageOf(
        loadConfig({ cwd: root, overrides: { thresholds: value as never } }),
      );
      expect(message).toMatch(
        new RegExp(`^command line: thresholds: expected object but received ${shown}\\.`),
      );
    },
  );

  it('should blame the command line for thresholds it set, even in part', async () => {
    const root = projectWithJson({ seed: 1 });
    const message = await messageOf(
      loadConfig({ cwd: root, overrides: { thresholds: { high: 50 } } }),
    );
    expect(message).toBe(
      'command line: thresholds.low (60) is above thresholds.high (50). Make low at most high.',
    );
  });

  it('should blame the command line for a taxonomy it set', async () => {
    const root = projectWithJson({ seed: 1 });
    const message = await messageOf(
      loadConfig({
        cwd: root,
        overrides: { taxonomy: { retryTable: [{ when: {}, action: 'panic' }] } },
      }),
    );
    expect(message).toMatch(/^command line: taxonomy\.retryTable\[0\]\.action: /);
  });

  it('should blame the command line for a vitestConfig it set', async () => {
    const root = projectWithJson({ seed: 1 });
    const message = await messageOf(
      loadConfig({ cwd: root, overrides: { vitestConfig: 'vitest.missing.ts' } }),
    );
    expect(message).toMatch(/^command line: vitestConfig: no file at "vitest\.missing\.ts"\./);
  });

  it('should name the command line for a bad override of a checked value', async () => {
    const root = projectWithJson({ mutators: ['change-id'] });
    const message = await messageOf(
      loadConfig({ cwd: root, overrides: { mutators: ['no-such-mutator'] } }),
    );
    expect(message).toMatch(/^command line: mutators\[0\]: unknown mutator "no-such-mutator"\./);
  });
});
