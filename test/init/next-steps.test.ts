import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextSteps } from '../../src/init/next-steps.js';
import type { ContractPlan } from '../../src/init/plan-contract-cases.js';

const ROOT = path.resolve('project');
const CONFIG = path.join(ROOT, 'envelope-mutants.config.json');
const SUITE = path.join(ROOT, 'test', 'envelope-mutants.contract.test.ts');
const SUITE_FILE = 'test/envelope-mutants.contract.test.ts';

const ASSERT_AND_RUN = [
  "  2. Assert with named rules: `expectEnvelope(response, { requestId })` from 'envelope-mutants/vitest',",
  "     or `expect(response.id, 'jsonrpc.id')` with a rule name as the message.",
  '  3. npx vitest run                      (the suite must be green first)',
  '  4. npx envelope-mutants run            (the config gates on the named-kill score, break 90;',
  '                                         each survivor comes with the assertion that kills it,',
  '                                         or, at a finding, the baseline entry that accepts it)',
  '',
];

const SDK_TAP = [
  '  1. Tap the envelopes your suite sees. With the MCP SDK: wrap the transport your tests connect',
  "     with, `mutatingTransport(transport)` from 'envelope-mutants'; to assert on raw envelopes,",
  '     `connectRaw(transport)` (it wraps the transport itself).',
];

const PLAN: ContractPlan = {
  cases: [],
  findings: ['should reject an unknown tool: [mcp.layer] wrong layer', 'should x: [jsonrpc.id] y'],
  skipped: ['ping: its inputSchema accepts every object, so no schema rejection'],
  destructive: ['write_file', 'delete_file'],
  sessions: 'per-file',
};

describe('nextSteps', () => {
  it('should point a project without the MCP SDK and without a server at tapMessage', () => {
    const text = nextSteps({ project: { root: ROOT, usesMcpSdk: false }, written: [CONFIG] });

    expect(text.split('\n')).toEqual([
      'wrote envelope-mutants.config.json',
      '',
      'Next steps:',
      '  1. Tap the envelopes your suite sees: `tapMessage(response, { requestId, method })` from',
      "     'envelope-mutants' wherever a test holds a response (a fixture loader, a response helper).",
      ...ASSERT_AND_RUN,
    ]);
  });

  it('should point a project with the MCP SDK at mutatingTransport and connectRaw', () => {
    const text = nextSteps({ project: { root: ROOT, usesMcpSdk: true }, written: [CONFIG] });

    expect(text.split('\n')).toEqual([
      'wrote envelope-mutants.config.json',
      '',
      'Next steps:',
      ...SDK_TAP,
      ...ASSERT_AND_RUN,
    ]);
  });

  it('should list the suite, its findings and what it left out, and ask for the SDK when missing', () => {
    const text = nextSteps({
      project: { root: ROOT, usesMcpSdk: false },
      written: [CONFIG, SUITE],
      plan: {
        ...PLAN,
        cases: [{ title: 'a', method: 'm', params: {}, expectation: { layer: 'tool' } }],
      },
      // The config could not be asked whether it runs the suite.
      suite: { file: SUITE_FILE, collected: undefined, include: [] },
    });

    expect(text.split('\n')).toEqual([
      'wrote envelope-mutants.config.json',
      `wrote ${path.join('test', 'envelope-mutants.contract.test.ts')}`,
      'contract suite: 1 cases, 2 known-failing (it.fails)',
      '',
      'Findings (the server breaks the taxonomy; written as it.fails):',
      '  - should reject an unknown tool: [mcp.layer] wrong layer',
      '  - should x: [jsonrpc.id] y',
      '',
      'Not called (their annotations say they may destroy state; pass --allow-destructive to call them): write_file, delete_file',
      '',
      'Not written:',
      '  - ping: its inputSchema accepts every object, so no schema rejection',
      '',
      'Next steps:',
      '  0. npm i -D @modelcontextprotocol/sdk   (the generated suite connects with it)',
      ...SDK_TAP,
      ...ASSERT_AND_RUN.slice(0, 3),
      `     vitest must find ${SUITE_FILE}: where the vitest config's \`include\``,
      '     leaves it out, run init again with --out <a path it takes>.',
      ...ASSERT_AND_RUN.slice(3),
    ]);
  });

  it('should say nothing more of a suite the config runs, and name the include that leaves it out', () => {
    const input = {
      project: { root: ROOT, usesMcpSdk: true },
      written: [CONFIG, SUITE],
      plan: PLAN,
    };
    const include = ['spec/**/*.spec.ts', 'e2e/*.e2e.ts'];

    const run = nextSteps({ ...input, suite: { file: SUITE_FILE, collected: true, include } });
    const left = nextSteps({ ...input, suite: { file: SUITE_FILE, collected: false, include } });

    const none = nextSteps({
      ...input,
      suite: { file: SUITE_FILE, collected: false, include: [] },
    });
    expect(none).toContain(`vitest's config does not run ${SUITE_FILE} (include: none), so`);
    expect(run).not.toContain('vitest must find');
    expect(run).not.toContain('does not run');
    expect(left.split('\n')).toEqual(
      expect.arrayContaining([
        `     vitest's config does not run ${SUITE_FILE} (include: \`spec/**/*.spec.ts\`, \`e2e/*.e2e.ts\`), so`,
        '     its taps would see nothing: run init again with --out <a path the include takes>,',
        "     or add the file to the config's include.",
      ]),
    );
  });

  it('should say when the suite starts the server for each test', () => {
    const perFile = nextSteps({
      project: { root: ROOT, usesMcpSdk: true },
      written: [],
      plan: PLAN,
    });

    const perTest = nextSteps({
      project: { root: ROOT, usesMcpSdk: true },
      written: [],
      plan: { ...PLAN, sessions: 'per-test' },
    });

    const line =
      'The server closed its session while probed: the suite starts it for each test, not once per file.';
    expect(perTest.split('\n')).toContain(line);
    expect(perFile).not.toContain('The server closed its session');
  });

  it('should print no findings or left-out headings when there are none, nor the SDK step when installed', () => {
    const text = nextSteps({
      project: { root: ROOT, usesMcpSdk: true },
      written: [CONFIG, SUITE],
      plan: { cases: [], findings: [], skipped: [], destructive: [], sessions: 'per-file' },
    });

    expect(text.split('\n').slice(2, 6)).toEqual([
      'contract suite: 0 cases, 0 known-failing (it.fails)',
      '',
      'Next steps:',
      SDK_TAP[0],
    ]);
  });
});
