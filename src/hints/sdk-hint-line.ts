import { isMutatorName, type MutatorName } from '../../mutators/index.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { HintLine, HintLineInput, HintVariable, ObservedEnvelope } from './hint-line-input.js';

type SdkBuilder = (input: HintLineInput, seen: ObservedEnvelope) => HintLine | undefined;

/**
 * The call's outcome whichever way it settled: the result, or the `McpError` it rejected with.
 * vitest's `.resolves` and `.rejects` drop the label when the promise settles the other way
 * (`promise resolved … instead of rejecting`), which would make the kill unnamed.
 */
const SETTLED = 'await promise.catch((error) => error)';

/**
 * What the SDK client makes of an envelope it cannot read (a changed id, a wrong version, both or
 * neither member): it never settles the request, so the test sees the SDK's request timeout.
 */
const TIMEOUT_NOTE =
  "the SDK client does not settle a request it cannot match: give the call a timeout below the test's, e.g. client.callTool(params, undefined, { timeout: 2000 }), so its rejection fails this line";

/** Envelope-level rules the SDK client hides: the kill is the promise's rejection, labelled. */
const SETTLES = {
  'change-id': 'jsonrpc.id',
  'corrupt-version': 'jsonrpc.version',
  'insert-both-members': 'jsonrpc.members',
  'drop-both-members': 'jsonrpc.members',
} as const satisfies Partial<Record<MutatorName, RuleName>>;

/**
 * Hints for a suite that holds what the MCP SDK client returns, not envelopes: `result` is the
 * awaited `CallToolResult`, `promise` the call itself, which rejects with an `McpError` (`code`,
 * `message`, `data`) for a JSON-RPC error response (MCP 2025-11-25 tools: protocol errors and
 * `isError` results are different layers, and the SDK keeps them apart).
 */
const SDK_BUILDERS: Readonly<Partial<Record<MutatorName, SdkBuilder>>> = {
  ...Object.fromEntries(
    Object.entries(SETTLES).map(([mutator, rule]) => [
      mutator,
      (): HintLine => ({
        ...line(rule, 'promise', `expect(${SETTLED}, '${rule}').not.toBeInstanceOf(Error)`),
        note: TIMEOUT_NOTE,
      }),
    ]),
  ),
  'remove-is-error': (_, seen) => isErrorLine(seen),
  'stringify-is-error': (_, seen) => isErrorLine(seen),
  'empty-error-content': (_, seen) =>
    seen.layer === 'tool'
      ? line('mcp.content', 'result', `expect(result.content, 'mcp.content').not.toHaveLength(0)`)
      : undefined,
  'fabricate-structured-content': (_, seen) =>
    seen.layer === 'tool'
      ? line(
          'mcp.structured-content',
          'result',
          `expect(result.structuredContent, 'mcp.structured-content').toBeUndefined()`,
        )
      : undefined,
  'swap-error-result': (_, seen) => layerLine(seen),
  'demote-protocol-error': (_, seen) => layerLine(seen),
  'promote-tool-error': (_, seen) => layerLine(seen),
  'undocumented-code': (_, seen) => codeLine('jsonrpc.error-code', seen),
  'coerce-error-code': (_, seen) => codeLine('jsonrpc.error-shape', seen),
  'leak-canary': (input, seen) => leakLine(seen, input.canaries),
  'leak-internals': (_, seen) => leakLine(seen, []),
};

/** @internal Whether {@link sdkHintLine} writes the hint of this mutator. */
export function hasSdkHint(mutatorName: string): boolean {
  return isMutatorName(mutatorName) && SDK_BUILDERS[mutatorName] !== undefined;
}

/** @internal The hint of an envelope mutator for a suite that holds SDK results. */
export function sdkHintLine(input: HintLineInput, seen: ObservedEnvelope): HintLine | undefined {
  if (!isMutatorName(input.mutatorName)) return undefined;
  return SDK_BUILDERS[input.mutatorName]?.(input, seen);
}

/** `isError` exactly `true` (MCP 2025-11-25 tools); the SDK passes the member through. */
function isErrorLine(seen: ObservedEnvelope): HintLine | undefined {
  if (seen.layer !== 'tool') return undefined;
  return line('mcp.is-error', 'result', `expect(result.isError, 'mcp.is-error').toBe(true)`);
}

/**
 * The layer the site observed: an `McpError` (its `name`, since a result carrying the error's
 * members would match the code alone) with its code, or a result (with `isError`).
 */
function layerLine(seen: ObservedEnvelope): HintLine | undefined {
  if (seen.layer === 'protocol' && seen.code !== undefined)
    return line(
      'mcp.layer',
      'promise',
      `expect(${SETTLED}, 'mcp.layer').toMatchObject({ name: 'McpError', code: ${seen.code} })`,
    );
  if (seen.layer === 'tool')
    return line(
      'mcp.layer',
      'promise',
      `expect(${SETTLED}, 'mcp.layer').toMatchObject({ isError: true })`,
    );
  if (seen.layer === 'success')
    return line(
      'mcp.layer',
      'promise',
      `expect(${SETTLED}, 'mcp.layer').not.toBeInstanceOf(Error)`,
    );
  return undefined;
}

/** The SDK keeps the code of the error response on the `McpError` it throws. */
function codeLine(rule: RuleName, seen: ObservedEnvelope): HintLine | undefined {
  if (seen.code === undefined) return undefined;
  return line(
    rule,
    'promise',
    `expect(${SETTLED}, '${rule}').toMatchObject({ name: 'McpError', code: ${seen.code} })`,
  );
}

/**
 * `sanitize.leak` on what the SDK handed over: the result's members, or the `McpError`'s message
 * and data, walked by `toNotLeak` as the members of an envelope.
 */
function leakLine(seen: ObservedEnvelope, canaries: readonly string[]): HintLine {
  const list = canaries.length === 0 ? '' : `[${canaries.map(quote).join(', ')}]`;
  const code =
    seen.layer === 'protocol'
      ? `await promise.catch((error) => expectEnvelope({ error: { message: error.message, data: error.data } }).toNotLeak(${list}))`
      : `expectEnvelope({ result }).toNotLeak(${list})`;
  return {
    rule: 'sanitize.leak',
    code,
    variable: seen.layer === 'protocol' ? 'promise' : 'result',
    imports: [{ name: 'expectEnvelope', from: 'envelope-mutants' }],
  };
}

function line(rule: RuleName, variable: HintVariable, code: string): HintLine {
  return { rule, code, variable, imports: [] };
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
