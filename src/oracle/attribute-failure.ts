import { isRuleName, type RuleName } from './rule-name.js';

// `[jsonrpc.id] response id …` — the form of the library's assertions (docs/design.md "Rules").
const BRACKETED = /^\s*\[([^\]\n]+)\]/;
// `jsonrpc.id: expected '1' to be 1` — vitest's `expect(value, 'jsonrpc.id')` prefixes its label.
const LABELLED = /^\s*([^\s:][^:\n]*?):\s/;

/**
 * The rule a failure message names, or `null`. A message names a rule by a `[rule]` prefix, by
 * a `rule: …` prefix (vitest's message argument), or by a project label mapped to a rule in the
 * config (`labels`), written either way.
 */
export function ruleFromFailureMessage(
  message: string,
  labels: ReadonlyMap<string, RuleName>,
): RuleName | null {
  const token = BRACKETED.exec(message)?.[1] ?? LABELLED.exec(message)?.[1];
  if (token === undefined) return null;
  const name = token.trim();
  if (isRuleName(name)) return name;
  return labels.get(name) ?? null;
}

/**
 * The first lines of a failure message, for `statusReason`: enough to read, short enough to list.
 *
 * @internal
 */
export function summarizeFailure(message: string, maxLength = 300): string {
  const lines = message.split('\n').filter((line) => line.trim() !== '');
  const head = lines.slice(0, 3).join('\n');
  return head.length <= maxLength ? head : `${head.slice(0, maxLength - 1)}…`;
}
