import { expect } from 'vitest';
import type { BrokenRule, DecodedResponse, Problem, RequestId } from '../src/index.js';

type Layer = 'protocol' | 'tool' | 'success';

/** What the decoder must make of one fixture. */
export interface DecodedExpectation {
  /** The request the response settles; `undefined` when its id matches none. */
  readonly settles: RequestId | undefined;
  readonly layer: Layer | null;
  /** Every rule the decoder must find broken (none for a valid response), with a reason pattern. */
  readonly problems?: readonly { readonly rule: BrokenRule; readonly reason?: RegExp }[];
}

// Rules about the envelope as a whole: judged before the layer, as the wire is read.
const ENVELOPE_RULES: readonly BrokenRule[] = ['jsonrpc.version', 'jsonrpc.id', 'jsonrpc.members'];

/**
 * Asserts the decoder's verdict fact by fact, in wire order: correlation, envelope rules, the
 * layer, the inner contract. Each failure is labelled with the rule it is about, so a broken
 * response fails under the rule it breaks (vitest's `expect(value, label)`).
 */
export function expectDecoded(decoded: DecodedResponse, expected: DecodedExpectation): void {
  expect(decoded.request?.requestId, 'jsonrpc.id').toBe(expected.settles);
  const found = decoded.kind === 'invalid' ? decoded.problems : [];
  const wanted = expected.problems ?? [];
  _expectProblems(found.filter(_isEnvelopeProblem), wanted.filter(_isEnvelopeProblem));
  const layer = decoded.kind === 'invalid' ? decoded.layer : _layerOf(decoded.kind);
  expect(layer, _layerLabel(layer, expected.layer)).toBe(expected.layer);
  const isInner = (problem: { readonly rule: BrokenRule }): boolean => !_isEnvelopeProblem(problem);
  _expectProblems(found.filter(isInner), wanted.filter(isInner));
}

type WantedProblem = NonNullable<DecodedExpectation['problems']>[number];

/** An extra rule fails under its own name, then a missing one, then a reason that differs. */
function _expectProblems(found: readonly Problem[], wanted: readonly WantedProblem[]): void {
  const extra = found.find((problem) => !wanted.some((w) => w.rule === problem.rule));
  if (extra !== undefined) expect.fail(`${extra.rule}: the decoder found ${extra.rule} broken`);
  for (const { rule, reason } of wanted) {
    const match = found.find((problem) => problem.rule === rule);
    if (match === undefined) expect.fail(`${rule}: the decoder did not find ${rule} broken`);
    if (reason !== undefined) expect(match.reason, rule).toMatch(reason);
  }
}

function _isEnvelopeProblem(problem: { readonly rule: BrokenRule }): boolean {
  return ENVELOPE_RULES.includes(problem.rule);
}

/** Success and tool failure differ only by `isError`: confusing the two is that flag's defect. */
function _layerLabel(actual: Layer | null, expected: Layer | null): 'mcp.is-error' | 'mcp.layer' {
  const results = [actual, expected].every((layer) => layer === 'tool' || layer === 'success');
  return results ? 'mcp.is-error' : 'mcp.layer';
}

function _layerOf(kind: Exclude<DecodedResponse['kind'], 'invalid'>): Layer {
  if (kind === 'protocol-error') return 'protocol';
  return kind === 'tool-error' ? 'tool' : 'success';
}
