import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { sanitizeToolError } from './sanitize.js';
import { toolFailure } from './tool-result.js';

/** A tool as the server registers and dispatches it, with its argument types erased. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  readonly outputSchema: z.ZodObject;
  readonly annotations: ToolAnnotations;
  /** Validates the arguments, then runs the tool. Never throws: every failure is a tool result. */
  call(args: unknown): Promise<CallToolResult>;
}

/** What a tool module declares. `run` receives arguments already checked against `input`. */
export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  readonly annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<I>>): Promise<CallToolResult>;
}

/**
 * Builds a {@link ToolDefinition}. Arguments that violate the input schema are a *tool* error
 * with `isError: true`, so the model can correct its call (MCP 2025-11-25 tools, "Error
 * Handling": input validation errors are tool execution errors). The message lists each
 * offending argument and what it must be; it does not echo the values.
 */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  spec: ToolSpec<I, O>,
): ToolDefinition {
  const inputSchema = z.object(spec.input);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema,
    outputSchema: z.object(spec.output),
    annotations: spec.annotations,
    call: async (args) => {
      const parsed = inputSchema.safeParse(args ?? {});
      if (!parsed.success)
        return toolFailure('invalid-arguments', _describeIssues(spec.name, parsed.error));
      try {
        return await spec.run(parsed.data);
      } catch (error) {
        // A bug, not a designed failure: still a sanitized tool result, never the raw message
        // (which the SDK would otherwise send as a -32603 error's text).
        return sanitizeToolError(error, spec.name);
      }
    },
  };
}

function _describeIssues(toolName: string, error: z.ZodError): string {
  const issues = error.issues.map(
    (issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`,
  );
  return `Invalid arguments for ${toolName}: ${issues.join('; ')}`;
}
