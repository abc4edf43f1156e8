import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/envelope/json-value.js';
import { isDestructiveTool } from '../../src/init/destructive-tool.js';

const tool = (annotations?: JsonObject) => ({
  name: 't',
  inputSchema: { type: 'object' },
  ...(annotations === undefined ? {} : { annotations }),
});

describe('isDestructiveTool', () => {
  // MCP 2025-06-18 ToolAnnotations: readOnlyHint defaults to false, destructiveHint to true.
  it.each([
    [undefined, true],
    [{}, true],
    [{ readOnlyHint: false }, true],
    [{ destructiveHint: true }, true],
    [{ readOnlyHint: 'true' }, true],
    [{ readOnlyHint: true }, false],
    [{ readOnlyHint: true, destructiveHint: true }, false],
    [{ destructiveHint: false }, false],
    [{ readOnlyHint: false, destructiveHint: false, idempotentHint: false }, false],
  ])(
    'should read annotations %j with the spec defaults as destructive: %s',
    (annotations, expected) => {
      expect(isDestructiveTool(tool(annotations))).toBe(expected);
    },
  );
});
