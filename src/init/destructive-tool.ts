import type { ProbedTool } from './probe-server.js';

/**
 * Whether a tool may destroy state when called, read from its annotations with the spec's
 * defaults (MCP 2025-06-18 and 2025-11-25 schema, `ToolAnnotations`): `readOnlyHint` defaults to
 * false and `destructiveHint` to true, and `destructiveHint` means something only when the tool is
 * not read-only. A tool without annotations may therefore be destructive: init does not call it
 * unless told to.
 */
export function isDestructiveTool(tool: ProbedTool): boolean {
  const annotations = tool.annotations ?? {};
  return annotations['readOnlyHint'] !== true && annotations['destructiveHint'] !== false;
}
