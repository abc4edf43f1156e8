import { isJsonObject, type JsonRpcId } from '../envelope/json-value.js';
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
 * neither member): it never settles the request, and reports the envelope to `client.onerror`
 * (`Unknown message type: <json>`, `Received a response for an unknown message ID: <json>`). The
 * rejection alone is the same for all four mutators, so only the refused envelope tells which rule
 * broke; the per-call timeout lets the test reach the line at all.
 */
function refusedNote(method: string | undefined): string {
  const call =
    method === 'initialize'
      ? 'client.connect(transport, { timeout: 2000 }) in the hook that connects'
      : 'client.callTool(params, undefined, { timeout: 2000 })';
  return `\`refused\` holds the envelopes the SDK client reported to client.onerror (docs/sdk-client-suites.md); give the call a timeout below the test's, e.g. ${call}, and check after it settled (await promise.catch(() => undefined)), else the test times out: a kill, never named`;
}

/**
 * Hints for a suite that holds what the MCP SDK client returns, not envelopes: `result` is the
 * awaited `CallToolResult`, `promise` the call itself, which rejects with an `McpError` (`code`,
 * `message`, `data`) for a JSON-RPC error response (MCP 2025-11-25 tools: protocol errors and
 * `isError` results are different layers, and the SDK keeps them apart).
 */
const SDK_BUILDERS: Readonly<Partial<Record<MutatorName, SdkBuilder>>> = {
  'change-id': (input) => {
    const id = input.check.requestId ?? idOf(input.value);
    if (id === undefined) return undefined;
    return refusedLine(
      input,
      'jsonrpc.id',
      `expect(response?.id, 'jsonrpc.id').toBe(${literal(id)})`,
    );
  },
  'corrupt-version': (input) =>
    refusedLine(
      input,
      'jsonrpc.version',
      `expect(response?.jsonrpc, 'jsonrpc.version').toBe('2.0')`,
    ),
  'insert-both-members': (input, seen) =>
    refusedLine(
      input,
      'jsonrpc.members',
      `expect(response, 'jsonrpc.members').not.toHaveProperty('${seen.layer === 'protocol' ? 'result' : 'error'}')`,
    ),
  'drop-both-members': (input, seen) =>
    refusedLine(
      input,
      'jsonrpc.members',
      `expect(response, 'jsonrpc.members').toHaveProperty('${seen.layer === 'protocol' ? 'error' : 'result'}')`,
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
  'leak-canary': (input, seen) => leakLine(input, seen, input.canaries),
  'leak-internals': (input, seen) => leakLine(input, seen, []),
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

/**
 * `isError` exactly `true` (MCP 2025-11-25 tools), on the call's outcome whichever way it settled:
 * the SDK passes the member through, but rejects a result whose `isError` is not a boolean with
 * its schema's validation error, which `result` would never be reached to see.
 */
function isErrorLine(seen: ObservedEnvelope): HintLine | undefined {
  if (seen.layer !== 'tool') return undefined;
  return line(
    'mcp.is-error',
    'promise',
    `expect(${SETTLED}, 'mcp.is-error').toMatchObject({ isError: true })`,
  );
}

/**
 * The layer the site observed: an `McpError` (its `name`, since a result carrying the error's
 * members would match the code alone) with its code, or a result. At a tool error the line asks
 * only that the call did not reject with an `McpError` (a protocol error, or the SDK's request
 * timeout): the SDK's schema error for a malformed `isError` is `mcp.is-error`'s to name.
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
      `expect(${SETTLED}, 'mcp.layer').not.toMatchObject({ name: 'McpError' })`,
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
 * and data, walked by `toNotLeak` as the members of an envelope. `client.connect` hands over no
 * initialize result (the client keeps its capabilities, server info and instructions, not the
 * rest), so no line there sees a leak.
 */
function leakLine(
  input: HintLineInput,
  seen: ObservedEnvelope,
  canaries: readonly string[],
): HintLine | undefined {
  if (input.check.method === 'initialize') return undefined;
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

/** A line on each envelope the SDK client refused to read (see {@link refusedNote}). */
function refusedLine(input: HintLineInput, rule: RuleName, check: string): HintLine {
  return {
    rule,
    code: `for (const response of refused) ${check}`,
    variable: 'refused',
    imports: [],
    note: refusedNote(input.check.method),
  };
}

function idOf(value: unknown): JsonRpcId | undefined {
  if (!isJsonObject(value)) return undefined;
  const id = value['id'];
  return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined;
}

function literal(id: JsonRpcId): string {
  return typeof id === 'string' ? quote(id) : String(id);
}

function line(rule: RuleName, variable: HintVariable, code: string): HintLine {
  return { rule, code, variable, imports: [] };
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
