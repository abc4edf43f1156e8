/**
 * The named rules. These names are a public contract: reports, labels and users' assertions
 * refer to them. Never rename one once released (docs/design.md "Rules").
 */
export const RULE_NAMES = [
  'jsonrpc.version',
  'jsonrpc.id',
  'jsonrpc.members',
  'jsonrpc.error-shape',
  'jsonrpc.error-code',
  'mcp.layer',
  'mcp.is-error',
  'mcp.content',
  'mcp.structured-content',
  'mcp.result-type',
  'sanitize.leak',
  'policy.action',
  'policy.attempt',
  'http.status',
  'http.auth',
  'http.session',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export function isRuleName(value: unknown): value is RuleName {
  return typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);
}
