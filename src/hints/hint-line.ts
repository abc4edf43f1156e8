import { isJsonObject, type JsonRpcId } from '../envelope/json-value.js';
import type { RuleName } from '../oracle/rule-name.js';
import { expectedAction } from '../taxonomy/expected-action.js';
import { decisionOf } from '../../mutators/_decision.js';
import { isMutatorName, type MutatorName } from '../../mutators/index.js';
import { hasHttpHint, httpHintLine } from './http-hint-line.js';
import { hasSdkHint, sdkHintLine } from './sdk-hint-line.js';
import type { HintLine, HintLineInput, ObservedEnvelope } from './hint-line-input.js';

export type {
  AssertionStyle,
  HintImport,
  HintLine,
  HintLineInput,
  HintVariable,
  ObservedEnvelope,
} from './hint-line-input.js';

type Builder = (input: HintLineInput, envelope: ObservedEnvelope) => HintLine | undefined;

/**
 * The assertion that kills `input.mutatorName`'s mutants at a rule the mutator expects, filled
 * with what the site observed (request id, error code, canaries, the taxonomy's action), or
 * `undefined` when no single line can (an unknown mutator, a site the mutator does not fit).
 * Every line reads its value through optional paths (`toHaveProperty`, `?.`) so a mutant fails
 * it with the rule's label, never with a TypeError (which would be an unnamed kill).
 */
export function hintLine(input: HintLineInput): HintLine | undefined {
  if (!isMutatorName(input.mutatorName)) return undefined;
  if (input.siteKind === 'log') return logHintLine(input);
  if (hasHttpHint(input.mutatorName)) return httpHintLine(input);
  const seen = observeEnvelope(input.value);
  if (input.style === 'sdk' && hasSdkHint(input.mutatorName)) return sdkHintLine(input, seen);
  return BUILDERS[input.mutatorName]?.(input, seen);
}

/** Keyed by the catalogue's names, so a misspelt or renamed mutator fails to compile. */
const BUILDERS: Readonly<Partial<Record<MutatorName, Builder>>> = {
  'change-id': (input) => {
    const id = input.check.requestId ?? idOf(input.value);
    if (id === undefined) return undefined;
    if (input.style === 'library')
      return library('jsonrpc.id', `expectEnvelope(response).toAnswer(${js(id)})`);
    return expect('jsonrpc.id', `expect(response?.id, 'jsonrpc.id').toBe(${js(id)})`);
  },
  'corrupt-version': () =>
    expect('jsonrpc.version', `expect(response?.jsonrpc, 'jsonrpc.version').toBe('2.0')`),
  'insert-both-members': (_, seen) =>
    expect(
      'jsonrpc.members',
      `expect(response, 'jsonrpc.members').not.toHaveProperty('${seen.layer === 'protocol' ? 'result' : 'error'}')`,
    ),
  'drop-both-members': (_, seen) =>
    expect(
      'jsonrpc.members',
      `expect(response, 'jsonrpc.members').toHaveProperty('${seen.layer === 'protocol' ? 'error' : 'result'}')`,
    ),
  'swap-error-result': (_, seen) => layerHint(seen),
  'demote-protocol-error': (_, seen) => layerHint(seen),
  'promote-tool-error': (_, seen) => layerHint(seen),
  'undocumented-code': (_, seen) =>
    seen.code === undefined
      ? undefined
      : expect(
          'jsonrpc.error-code',
          `expect(response, 'jsonrpc.error-code').toHaveProperty('error.code', ${seen.code})`,
        ),
  'coerce-error-code': (_, seen) =>
    seen.code === undefined
      ? undefined
      : expect(
          'jsonrpc.error-shape',
          `expect(response?.error, 'jsonrpc.error-shape').toMatchObject({ code: ${seen.code}, message: expect.any(String) })`,
        ),
  'remove-is-error': () => isErrorHint(),
  'stringify-is-error': () => isErrorHint(),
  'empty-error-content': (_, seen) =>
    expect(
      'mcp.content',
      `expect(response, 'mcp.content').toHaveProperty('result.content.0.type', ${js(seen.firstContentType ?? 'text')})`,
    ),
  'fabricate-structured-content': () =>
    expect(
      'mcp.structured-content',
      `expect(response, 'mcp.structured-content').not.toHaveProperty('result.structuredContent')`,
    ),
  'drop-result-type': () =>
    expect(
      'mcp.result-type',
      `expect(response, 'mcp.result-type').toHaveProperty('result.resultType', 'complete')`,
    ),
  'leak-canary': (input) => leakHint(input, input.canaries),
  'leak-internals': (input) => leakHint(input, []),
  'flip-retryability': (input) => actionHint(input),
  'inject-instructions': (input) => actionHint(input),
  'reuse-attempt-id': (input) => {
    const failed = decisionOf(input.value)?.attempt?.previousRequestId;
    if (failed === undefined) return undefined;
    return {
      rule: 'policy.attempt',
      code: `expect(decision?.attempt?.requestId, 'policy.attempt').not.toBe(${js(failed)})`,
      variable: 'decision',
      imports: [],
    };
  },
};

/** MCP 2025-11-25 tools: the layer the site observed is the one the taxonomy assigned. */
function layerHint(seen: ObservedEnvelope): HintLine | undefined {
  if (seen.layer === 'protocol' && seen.code !== undefined)
    return expect(
      'mcp.layer',
      `expect(response, 'mcp.layer').toHaveProperty('error.code', ${seen.code})`,
    );
  if (seen.layer === 'tool')
    return expect(
      'mcp.layer',
      `expect(response, 'mcp.layer').toHaveProperty('result.isError', true)`,
    );
  if (seen.layer === 'success')
    return expect('mcp.layer', `expect(response, 'mcp.layer').not.toHaveProperty('error')`);
  return undefined;
}

/** `isError` exactly `true` (MCP 2025-11-25 tools): `toHaveProperty` compares with `equals`, so `"true"` and `1` fail. */
function isErrorHint(): HintLine {
  return expect(
    'mcp.is-error',
    `expect(response, 'mcp.is-error').toHaveProperty('result.isError', true)`,
  );
}

/**
 * `sanitize.leak`: one planted canary reads best as `not.toContain`; anything else (several
 * canaries, stack frames, paths, provider bodies) needs the leak patterns on every string of the
 * envelope, which `toNotLeak` walks (a JSON text would escape the quotes those patterns look for).
 */
function leakHint(input: HintLineInput, canaries: readonly string[]): HintLine {
  const [only, ...others] = canaries;
  if (input.style === 'expect' && only !== undefined && others.length === 0) {
    const code = `expect(JSON.stringify(response), 'sanitize.leak').not.toContain(${js(only)})`;
    return expect('sanitize.leak', code);
  }
  const list = canaries.length === 0 ? '' : `[${canaries.map(js).join(', ')}]`;
  return {
    rule: 'sanitize.leak',
    code: `expectEnvelope(response).toNotLeak(${list})`,
    variable: 'response',
    imports: [
      {
        name: 'expectEnvelope',
        from: input.style === 'library' ? 'envelope-mutants/vitest' : 'envelope-mutants',
      },
    ],
  };
}

/**
 * A log line (`tapLog`, `tapStderr`): only the leak mutators plant anything there, and the line
 * that kills them checks every line the test captured (docs/design.md "Sanitization").
 */
function logHintLine(input: HintLineInput): HintLine | undefined {
  if (input.mutatorName !== 'leak-canary' && input.mutatorName !== 'leak-internals')
    return undefined;
  const canaries = input.mutatorName === 'leak-canary' ? input.canaries : [];
  const list = canaries.length === 0 ? '' : `[${canaries.map(js).join(', ')}]`;
  return {
    rule: 'sanitize.leak',
    code: `expectLog(lines).toNotLeak(${list})`,
    variable: 'lines',
    imports: [
      {
        name: 'expectLog',
        from: input.style === 'library' ? 'envelope-mutants/vitest' : 'envelope-mutants',
      },
    ],
  };
}

/** The retry table's action for the observed context (docs/design.md "Client failure policy"). */
function actionHint(input: HintLineInput): HintLine | undefined {
  const decision = decisionOf(input.value);
  if (decision === undefined) return undefined;
  const action = expectedAction(input.taxonomy, decision.context);
  if (input.style === 'library') {
    return {
      rule: 'policy.action',
      code: `expectAction(action, ${js(action)})`,
      variable: 'action',
      imports: [{ name: 'expectAction', from: 'envelope-mutants/vitest' }],
    };
  }
  return {
    rule: 'policy.action',
    code: `expect(action, 'policy.action').toBe(${js(action)})`,
    variable: 'action',
    imports: [],
  };
}

function expect(rule: RuleName, code: string): HintLine {
  return { rule, code, variable: 'response', imports: [] };
}

function library(rule: RuleName, code: string): HintLine {
  return {
    rule,
    code,
    variable: 'response',
    imports: [{ name: 'expectEnvelope', from: 'envelope-mutants/vitest' }],
  };
}

/** @internal The layer, code and first content type of an observed envelope. */
export function observeEnvelope(value: unknown): ObservedEnvelope {
  if (!isJsonObject(value)) return { layer: 'other', code: undefined, firstContentType: undefined };
  const error = value['error'];
  if (isJsonObject(error)) {
    const code = error['code'];
    return {
      layer: 'protocol',
      code: typeof code === 'number' ? code : undefined,
      firstContentType: undefined,
    };
  }
  const result = value['result'];
  if (!isJsonObject(result))
    return { layer: 'other', code: undefined, firstContentType: undefined };
  const content = result['content'];
  const first: unknown = Array.isArray(content) ? content[0] : undefined;
  const type = isJsonObject(first) && typeof first['type'] === 'string' ? first['type'] : undefined;
  return {
    layer: result['isError'] === true ? 'tool' : 'success',
    code: undefined,
    firstContentType: type,
  };
}

function idOf(value: unknown): JsonRpcId | undefined {
  if (!isJsonObject(value)) return undefined;
  const id = value['id'];
  return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined;
}

/** A JavaScript literal of a JSON value: single-quoted strings, as the suites are formatted. */
function js(value: JsonRpcId): string {
  if (typeof value !== 'string') return String(value);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
