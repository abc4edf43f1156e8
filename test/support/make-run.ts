// Hand-made runs from the MCP domain: what the runner would produce for a small contract suite.
import type { MutantResult, MutationRun, Site, TestInfo } from '../../src/mutant/mutation-run.js';
import type { RuleName } from '../../src/oracle/rule-name.js';

const TOOLS_FILE = 'test/contract/tools.test.ts';
const POLICY_FILE = 'test/client/retry-policy.test.ts';

export const TESTS: readonly TestInfo[] = [
  {
    id: 'a91f_0_0',
    name: 'tools/call > should reject an unknown tool with -32602',
    file: TOOLS_FILE,
  },
  {
    id: 'a91f_0_1',
    name: 'tools/call > should report a failing tool with isError',
    file: TOOLS_FILE,
  },
  { id: 'c07e_0_0', name: 'retry policy > should show a permanent tool error', file: POLICY_FILE },
];

/** MCP 2025-11-25 tools: an unknown tool is a protocol error, -32602. */
export const UNKNOWN_TOOL: Site = {
  key: 'unknown-tool',
  kind: 'envelope',
  file: TOOLS_FILE,
  testIds: ['a91f_0_0'],
  fileLevel: false,
  value: {
    jsonrpc: '2.0',
    id: 41,
    error: { code: -32602, message: 'Unknown tool: delete_everything' },
  },
  check: { requestId: 41, method: 'tools/call', expected: { layer: 'protocol', code: -32602 } },
};

/** MCP 2025-11-25 tools: a tool's own failure is a result with `isError: true`. */
export const TOOL_ERROR: Site = {
  key: 'tool-error',
  kind: 'envelope',
  file: TOOLS_FILE,
  testIds: ['a91f_0_1'],
  fileLevel: false,
  value: {
    jsonrpc: '2.0',
    id: 42,
    result: {
      content: [{ type: 'text', text: 'Weather service unavailable, try again later' }],
      isError: true,
    },
  },
  check: { requestId: 42, method: 'tools/call', expected: { layer: 'tool' } },
};

/** A decision site: the client's reaction to a permanent tool failure. */
export const SHOW_DECISION: Site = {
  key: 'retry policy > should show a permanent tool error#0',
  kind: 'decision',
  file: POLICY_FILE,
  testIds: ['c07e_0_0'],
  fileLevel: false,
  value: {
    action: 'show-tool-error',
    context: {
      kind: 'tool',
      transient: false,
      sideEffectMayHaveOccurred: false,
      userActionRequired: false,
    },
  },
  check: {},
};

type Verdict = Pick<MutantResult, 'status'> & Partial<MutantResult>;

function mutant(
  id: string,
  site: Site,
  mutatorName: string,
  replacement: string,
  path: MutantResult['path'],
  verdict: Verdict,
): MutantResult {
  return {
    id,
    siteKey: site.key,
    mutatorName,
    replacement,
    path,
    killedBy: [],
    coveredBy: site.testIds,
    ...verdict,
  };
}

function killed(test: string, rule: RuleName | null, named: boolean, reason: string): Verdict {
  return {
    status: 'Killed',
    killedAt: { test, rule, named },
    killedBy: [test],
    statusReason: reason,
  };
}

export const MUTANTS: readonly MutantResult[] = [
  mutant(
    'm01',
    UNKNOWN_TOOL,
    'change-id',
    'id 41 → "41"',
    ['id'],
    killed('a91f_0_0', 'jsonrpc.id', true, 'jsonrpc.id: expected "41" to be 41'),
  ),
  mutant(
    'm02',
    UNKNOWN_TOOL,
    'demote-protocol-error',
    'error -32602 → isError tool result',
    ['error'],
    killed(
      'a91f_0_0',
      'mcp.layer',
      true,
      '[mcp.layer] expected a protocol error, got a tool result',
    ),
  ),
  mutant('m03', UNKNOWN_TOOL, 'undocumented-code', 'code -32602 → -32603', ['error', 'code'], {
    status: 'Survived',
    statusReason: 'every covering test passed',
  }),
  mutant(
    'm04',
    UNKNOWN_TOOL,
    'insert-both-members',
    'adds result next to error',
    ['result'],
    killed('a91f_0_0', 'mcp.layer', false, '[mcp.layer] expected a protocol error'),
  ),
  mutant(
    'm05',
    UNKNOWN_TOOL,
    'corrupt-version',
    'jsonrpc "2.0" → "1.0"',
    ['jsonrpc'],
    killed('a91f_0_0', null, false, 'expected undefined to be defined'),
  ),
  mutant('m06', UNKNOWN_TOOL, 'coerce-error-code', 'code -32602 → "-32602"', ['error', 'code'], {
    status: 'Timeout',
    statusReason: 'test exceeded 5000 ms',
    killedBy: [],
  }),
  mutant(
    'm07',
    TOOL_ERROR,
    'remove-is-error',
    'isError removed',
    ['result', 'isError'],
    killed('a91f_0_1', 'mcp.is-error', true, '[mcp.is-error] isError must be exactly true'),
  ),
  mutant('m08', TOOL_ERROR, 'empty-error-content', 'content → []', ['result', 'content'], {
    status: 'Survived',
    statusReason: 'every covering test passed',
  }),
  mutant(
    'm09',
    TOOL_ERROR,
    'leak-canary',
    'text += canary',
    ['result', 'content', 0, 'text'],
    killed('a91f_0_1', 'sanitize.leak', true, '[sanitize.leak] canary in content[0].text'),
  ),
  mutant('m10', TOOL_ERROR, 'stringify-is-error', 'isError true → "true"', ['result', 'isError'], {
    status: 'RuntimeError',
    statusReason: 'collection failed: SyntaxError in setup',
  }),
  mutant(
    'm11',
    SHOW_DECISION,
    'flip-retryability',
    'show-tool-error → retry-bounded',
    ['action'],
    killed('c07e_0_0', 'policy.action', true, '[policy.action] expected show-tool-error'),
  ),
  mutant('m12', SHOW_DECISION, 'reuse-attempt-id', 'attempt reuses id 42', ['attempt'], {
    status: 'Ignored',
    statusReason: 'not a retry decision',
  }),
];

/** Expected killers of the mutators the fixtures use (docs/design.md "Mutators"). */
export const EXPECTED_KILLERS: Readonly<Record<string, readonly RuleName[]>> = {
  'change-id': ['jsonrpc.id'],
  'demote-protocol-error': ['mcp.layer'],
  'undocumented-code': ['jsonrpc.error-code'],
  'insert-both-members': ['jsonrpc.members'],
  'corrupt-version': ['jsonrpc.version'],
  'coerce-error-code': ['jsonrpc.error-shape'],
  'remove-is-error': ['mcp.is-error'],
  'empty-error-content': ['mcp.content'],
  'leak-canary': ['sanitize.leak'],
  'stringify-is-error': ['mcp.is-error'],
  'flip-retryability': ['policy.action'],
  'reuse-attempt-id': ['policy.attempt'],
};

export function expectedKillersOf(mutatorName: string): readonly RuleName[] {
  return EXPECTED_KILLERS[mutatorName] ?? [];
}

/** A complete run of the three sites; `overrides` replace whole fields. */
export function makeRun(overrides: Partial<MutationRun> = {}): MutationRun {
  return {
    projectRoot: '.',
    profile: 'mcp-2025-11-25',
    seed: 20251125,
    strict: false,
    thresholds: { high: 80, low: 60, break: 50 },
    sites: [UNKNOWN_TOOL, TOOL_ERROR, SHOW_DECISION],
    tests: TESTS,
    mutants: MUTANTS,
    complete: true,
    vitestRuns: 4,
    durationMs: 5321,
    ...overrides,
  };
}

/** A run whose mutants all have `status`/`killedAt` of the given verdict. */
export function makeRunOf(verdict: Verdict, count: number): MutationRun {
  const mutants = Array.from({ length: count }, (_, i) =>
    mutant(`x${i}`, UNKNOWN_TOOL, 'change-id', `id 41 → ${i}`, ['id'], verdict),
  );
  return makeRun({ mutants });
}

export const killedNamed = (): Verdict => killed('a91f_0_0', 'jsonrpc.id', true, 'jsonrpc.id: …');
export const killedUnnamed = (): Verdict => killed('a91f_0_0', null, false, 'expected 1 to be 2');
export const survived = (): Verdict => ({ status: 'Survived' });

/** The value, or a failed test when it is missing (instead of a non-null assertion). */
export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`fixture: missing ${what}`);
  return value;
}
