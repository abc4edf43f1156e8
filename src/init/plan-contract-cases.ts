import { expectEnvelope, type EnvelopeExpectation } from '../assertions/expect-envelope.js';
import { isJsonObject, type JsonObject } from '../envelope/json-value.js';
import { layerOf } from '../envelope/message-kind.js';
import type { CaseExpectation, ContractCase, HoldingCheck } from './contract-case.js';
import { isDestructiveTool } from './destructive-tool.js';
import { minimalArguments, violatingArguments } from './minimal-arguments.js';
import type { ProbedTool, ServerProbe } from './probe-server.js';

/** A tool name no server has: the unknown-tool case calls it. */
export const UNKNOWN_TOOL = 'envelope_mutants_no_such_tool';
/** A method no MCP revision defines: the unknown-method case calls it. */
export const UNKNOWN_METHOD = 'envelope-mutants/no-such-method';

/** The cases init writes, what it found, and the cases it left out with why. */
export interface ContractPlan {
  readonly cases: readonly ContractCase[];
  /** Where the server breaks the taxonomy: each is also an `it.fails` case. */
  readonly findings: readonly string[];
  /** Cases not written (no minimal arguments, no answer, a tool error for minimal arguments). */
  readonly skipped: readonly string[];
  /** Tools not called at all: their annotations say they may destroy state. */
  readonly destructive: readonly string[];
  /**
   * How the generated suite connects: one session for the whole file, as the probe did, unless
   * the server closed a session on its own while probed; then one session per test.
   */
  readonly sessions: SuiteSessions;
}

/** One server session per test file (`beforeAll`), or per test (`beforeEach`). */
export type SuiteSessions = 'per-file' | 'per-test';

/** Options of {@link planContractCases}. */
export interface PlanContractOptions {
  readonly profile: string;
  /** Call tools whose annotations say they may destroy state (`--allow-destructive`). */
  readonly allowDestructive: boolean;
  /** Values the server may answer with although they look like leaks (see `givenPaths`). */
  readonly allowedValues: readonly string[];
}

interface Draft {
  readonly title: string;
  readonly method: string;
  readonly params: JsonObject;
  readonly expectation: CaseExpectation;
  /**
   * A minimal call answered with a failure is left out (the arguments may make no sense to the
   * tool); a success that breaks a rule (a leak, a wrong structuredContent) is a finding.
   */
  readonly optional: boolean;
  readonly knownFailure?: string;
  readonly stillHolds?: readonly HoldingCheck[];
  readonly answeredAs?: CaseExpectation;
}

/**
 * Probes the server with each case before writing it: per tool a minimal valid call (when the
 * input schema allows one) and a schema rejection (an `isError` result under MCP 2025-11-25
 * tools), then an unknown tool (-32602) and an unknown method (-32601, JSON-RPC 2.0 §5.1). A
 * case the server answers against the taxonomy becomes a finding and an `it.fails` case; so does
 * a leak in any answer, even to a minimal call that did not succeed. Tools that may destroy state
 * (their annotations, with the spec's defaults) are not called unless `allowDestructive`.
 */
export async function planContractCases(
  probe: ServerProbe,
  options: PlanContractOptions,
): Promise<ContractPlan> {
  const cases: ContractCase[] = [];
  const findings: string[] = [];
  const skipped: string[] = [];
  const called = options.allowDestructive
    ? probe.tools
    : probe.tools.filter((tool) => !isDestructiveTool(tool));
  const destructive = probe.tools.filter((tool) => !called.includes(tool)).map((t) => t.name);
  const judge = { profile: options.profile, allowedValues: options.allowedValues };
  for (const planned of draftCases(called, skipped)) {
    const outcome = await probe.call(planned.method, planned.params);
    if (outcome.kind === 'no-answer') {
      skipped.push(`${planned.title}: no answer (${outcome.reason})`);
      continue;
    }
    const leak = failedAssertions(outcome.envelope, undefined, judge);
    const failed = planned.optional && layerOf(outcome.envelope) !== 'success';
    // A minimal call may fail for want of sensible arguments; a leak in its answer is a finding.
    const draft = failed && leak !== undefined ? leakDraft(planned, outcome.envelope) : planned;
    const broken = failedAssertions(outcome.envelope, draft.expectation, judge);
    if (broken === undefined) cases.push(draft);
    else if (failed && leak === undefined)
      skipped.push(`${draft.title}: the minimal arguments did not succeed (${oneLine(broken)})`);
    else {
      findings.push(`${draft.title}: ${oneLine(broken)}`);
      const stillHolds = checksStillHeld(outcome.envelope, draft.expectation, judge);
      const answeredAs = answeredLayer(outcome.envelope, draft.expectation, judge);
      cases.push({
        ...draft,
        knownFailure: oneLine(broken),
        stillHolds,
        ...(answeredAs === undefined ? {} : { answeredAs }),
      });
    }
  }
  return {
    cases: cases.map(
      ({ title, method, params, expectation, knownFailure, stillHolds, answeredAs }) => ({
        title,
        method,
        params,
        expectation,
        ...(knownFailure === undefined ? {} : { knownFailure }),
        ...(stillHolds === undefined ? {} : { stillHolds }),
        ...(answeredAs === undefined ? {} : { answeredAs }),
      }),
    ),
    findings,
    skipped,
    destructive,
    sessions: probe.sessionsClosedByServer() === 0 ? 'per-file' : 'per-test',
  };
}

/** A minimal call answered with a leaking failure: the case pins its layer and asserts no leak. */
function leakDraft(draft: Draft, envelope: JsonObject): Draft {
  const error = envelope['error'];
  const code = isJsonObject(error) && typeof error['code'] === 'number' ? error['code'] : undefined;
  const expectation: CaseExpectation =
    code === undefined ? { layer: 'tool' } : { layer: 'protocol', code };
  const name = draft.params['name'];
  return {
    ...draft,
    title: `should not leak internals when ${typeof name === 'string' ? name : draft.method} fails`,
    expectation,
    optional: false,
  };
}

function draftCases(tools: readonly ProbedTool[], skipped: string[]): Draft[] {
  const drafts: Draft[] = [];
  for (const tool of tools) {
    const valid = minimalArguments(tool.inputSchema);
    if (valid === undefined)
      skipped.push(`${tool.name}: no minimal valid arguments could be built from its inputSchema`);
    else
      drafts.push({
        title: `should answer ${tool.name} with a minimal valid call`,
        method: 'tools/call',
        params: { name: tool.name, arguments: valid },
        expectation: {
          layer: 'success',
          ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
        },
        optional: true,
      });
    const invalid = violatingArguments(tool.inputSchema);
    if (invalid === undefined)
      skipped.push(`${tool.name}: its inputSchema accepts every object, so no schema rejection`);
    else
      drafts.push({
        title: `should report arguments that violate ${tool.name}'s inputSchema as a tool error`,
        method: 'tools/call',
        params: { name: tool.name, arguments: invalid },
        expectation: { layer: 'tool' },
        optional: false,
      });
  }
  drafts.push(
    {
      title: 'should reject an unknown tool with a -32602 protocol error',
      method: 'tools/call',
      params: { name: UNKNOWN_TOOL, arguments: {} },
      expectation: { layer: 'protocol', code: -32602 },
      optional: false,
    },
    {
      title: 'should reject an unknown method with -32601',
      method: UNKNOWN_METHOD,
      params: {},
      expectation: { layer: 'protocol', code: -32601 },
      optional: false,
    },
  );
  return drafts;
}

interface Judge {
  readonly profile: string;
  readonly allowedValues: readonly string[];
}

/**
 * The named assertions' failures on the probed envelope (the leak check alone without an
 * `expectation`), or `undefined` when they hold. A leak's value is never part of the message.
 */
function failedAssertions(
  envelope: JsonObject,
  expectation: CaseExpectation | undefined,
  judge: Judge,
): string | undefined {
  const failures: string[] = [];
  const expected = () => expect(envelope, expectation, judge);
  for (const check of [
    () => (expectation === undefined ? undefined : layerMatcher(expected(), expectation)),
    () => expected().toNotLeak(),
  ]) {
    try {
      check();
    } catch (error) {
      failures.push(withoutHiddenReceived(error instanceof Error ? error.message : String(error)));
    }
  }
  return failures.length === 0 ? undefined : failures.join(' ');
}

function expect(
  envelope: JsonObject,
  expectation: CaseExpectation | undefined,
  judge: Judge,
): EnvelopeExpectation {
  return expectEnvelope(envelope, {
    requestId: 0,
    profile: judge.profile,
    ...(judge.allowedValues.length === 0 ? {} : { allowedValues: judge.allowedValues }),
    ...(expectation === undefined ? {} : schemaOf(expectation)),
  });
}

/** The assertion hides a received value that carries a secret: say so without cutting a line. */
function withoutHiddenReceived(message: string): string {
  return message.replace(
    /\s*Received: not shown:[\s\S]*$/,
    ' (received value not shown: it carries a secret)',
  );
}

function schemaOf(expectation: CaseExpectation): { outputSchema?: JsonObject } {
  return expectation.layer === 'success' && expectation.outputSchema !== undefined
    ? { outputSchema: expectation.outputSchema }
    : {};
}

function layerMatcher(
  expected: EnvelopeExpectation,
  expectation: CaseExpectation,
): EnvelopeExpectation {
  if (expectation.layer === 'success') return expected.toBeSuccess();
  if (expectation.layer === 'tool') return expected.toBeToolError();
  return expected.toBeProtocolError(expectation.code);
}

/** The checks of a known-failing case that the server's answer still passes. */
function checksStillHeld(
  envelope: JsonObject,
  expectation: CaseExpectation,
  judge: Judge,
): HoldingCheck[] {
  const expected = (): EnvelopeExpectation => expect(envelope, expectation, judge);
  const checks: Record<HoldingCheck, () => unknown> = {
    version: () => {
      if (envelope['jsonrpc'] !== '2.0') throw new Error('jsonrpc.version');
    },
    layer: () => layerMatcher(expected(), expectation),
    answer: () => expected().toAnswer(0),
    leak: () => expected().toNotLeak(),
  };
  return (Object.keys(checks) as HoldingCheck[]).filter((name) => {
    try {
      checks[name]();
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The layer the server answered at, when it is not the expected one and the answer is well formed
 * there (a tool error for an unknown tool, say): `undefined` otherwise.
 */
function answeredLayer(
  envelope: JsonObject,
  expected: CaseExpectation,
  judge: Judge,
): CaseExpectation | undefined {
  const layer = layerOf(envelope);
  if (layer === null || layer === expected.layer) return undefined;
  const error = envelope['error'];
  const code = isJsonObject(error) ? error['code'] : undefined;
  if (layer === 'protocol' && typeof code !== 'number') return undefined;
  const actual: CaseExpectation =
    layer === 'protocol' ? { layer, code: code as number } : { layer };
  try {
    layerMatcher(expect(envelope, actual, judge), actual);
    return actual;
  } catch {
    return undefined;
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 300 ? line : `${line.slice(0, 299)}…`;
}
