import path from 'node:path';
import type { ProjectFacts } from './detect-project.js';
import type { ContractPlan } from './plan-contract-cases.js';
import type { SuiteFile } from './suite-file-for.js';
import type { AuthorizationPlan } from './probe-authorization.js';
import type { RemoteHeader } from './remote-server.js';

/** What {@link nextSteps} reports on. */
export interface NextStepsInput {
  readonly project: ProjectFacts;
  readonly written: readonly string[];
  readonly plan?: ContractPlan;
  /** The suite init wrote: whether the project's vitest config runs it, and its `include`. */
  readonly suite?: SuiteFile & { readonly include: readonly string[] };
  /** For `init --url`: the variables the suite reads its headers from, and the auth cases. */
  readonly remote?: {
    readonly headers: readonly RemoteHeader[];
    readonly authorization?: AuthorizationPlan | undefined;
  };
}

/**
 * The text init prints: what it wrote, the findings (where the server breaks the taxonomy), the
 * cases it left out, and the tap that fits the project (docs/design.md "Taps").
 */
export function nextSteps(input: NextStepsInput): string {
  const { project, plan } = input;
  const lines = input.written.map((file) => `wrote ${path.relative(project.root, file)}`);
  if (plan !== undefined) {
    lines.push(
      `contract suite: ${plan.cases.length} cases, ${plan.findings.length} known-failing (it.fails)`,
    );
    if (plan.findings.length > 0)
      lines.push('', 'Findings (the server breaks the taxonomy; written as it.fails):');
    for (const finding of plan.findings) lines.push(`  - ${finding}`);
    if (plan.destructive.length > 0)
      lines.push(
        '',
        `Not called (their annotations say they may destroy state; pass --allow-destructive to call them): ${plan.destructive.join(', ')}`,
      );
    if (plan.sessions === 'per-test')
      lines.push(
        '',
        'The server closed its session while probed: the suite starts it for each test, not once per file.',
      );
    if (plan.skipped.length > 0) lines.push('', 'Not written:');
    for (const skipped of plan.skipped) lines.push(`  - ${skipped}`);
  }
  if (input.remote !== undefined) lines.push(...remoteLines(input.remote));
  lines.push('', 'Next steps:');
  if (input.remote !== undefined && input.remote.headers.length > 0) {
    // The values are the user's credentials: only the variable names are printed.
    lines.push(
      '  0. Set the variables the suite reads its headers from (the values you passed to init):',
      ...input.remote.headers.map(
        (header) =>
          `       ${header.variable}   (${header.variable.startsWith('MCP_LOW_SCOPE_') ? "the low-scope credential's" : 'your'} ${header.name} header value)`,
      ),
    );
  }
  if (plan !== undefined && !project.usesMcpSdk) {
    lines.push('  0. npm i -D @modelcontextprotocol/sdk   (the generated suite connects with it)');
  }
  if (input.remote !== undefined) {
    lines.push(
      "  1. The suite taps every HTTP exchange (`mutatingFetch()` as the transport's fetch) and every",
      '     envelope (`connectRaw`); assert on exchanges with `expectHttp` (docs/http-layer.md).',
    );
  } else if (project.usesMcpSdk || plan !== undefined) {
    lines.push(
      '  1. Tap the envelopes your suite sees. With the MCP SDK: wrap the transport your tests connect',
      "     with, `mutatingTransport(transport)` from 'envelope-mutants'; to assert on raw envelopes,",
      '     `connectRaw(transport)` (it wraps the transport itself).',
    );
  } else {
    lines.push(
      '  1. Tap the envelopes your suite sees: `tapMessage(response, { requestId, method })` from',
      "     'envelope-mutants' wherever a test holds a response (a fixture loader, a response helper).",
    );
  }
  lines.push(
    "  2. Assert with named rules: `expectEnvelope(response, { requestId })` from 'envelope-mutants/vitest',",
    "     or `expect(response.id, 'jsonrpc.id')` with a rule name as the message.",
    '  3. npx vitest run                      (the suite must be green first)',
    ...foundByVitest(input),
    '  4. npx envelope-mutants run            (the config gates on the named-kill score, break 90;',
    '                                         each survivor comes with the assertion that kills it,',
    '                                         or, at a finding, the baseline entry that accepts it)',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Where init wrote a suite: vitest runs it only if the config's `include` takes its path, and a
 * suite vitest never runs taps nothing. Said where the config was asked and does not run it, or
 * could not be asked.
 */
function foundByVitest(input: NextStepsInput): string[] {
  const suite = input.suite;
  if (suite === undefined || suite.collected === true) return [];
  const file = suite.file;
  if (suite.collected === undefined) {
    return [
      `     vitest must find ${file}: where the vitest config's \`include\``,
      '     leaves it out, run init again with --out <a path it takes>.',
    ];
  }
  const include = suite.include.map((glob) => `\`${glob}\``).join(', ');
  return [
    `     vitest's config does not run ${file} (include: ${include || 'none'}), so`,
    '     its taps would see nothing: run init again with --out <a path the include takes>,',
    "     or add the file to the config's include.",
  ];
}

/** The authorization cases of a remote server: what init wrote, found and left out. */
function remoteLines(remote: NonNullable<NextStepsInput['remote']>): string[] {
  const auth = remote.authorization;
  if (auth === undefined) return [];
  const lines: string[] = [''];
  if (auth.metadata !== undefined) {
    const written = (auth.unauthorized === undefined ? 0 : 1) + auth.stepUps.length;
    lines.push(
      `Authorization: protected-resource metadata at ${auth.metadata}; ${written} authorization cases (401 without credentials: ${auth.unauthorized === undefined ? 'no' : 'yes'}, 403 insufficient_scope: ${auth.stepUps.map((entry) => entry.tool).join(', ') || 'none'})`,
    );
  }
  if (auth.findings.length > 0)
    lines.push('', 'Authorization findings (the server answers them against the HTTP rules):');
  for (const finding of auth.findings) lines.push(`  - ${finding}`);
  if (auth.skipped.length > 0) lines.push('', 'Authorization cases not written:');
  for (const skipped of auth.skipped) lines.push(`  - ${skipped}`);
  return lines;
}
