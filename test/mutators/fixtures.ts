import type { CheckContext } from '../../src/oracle/check-context.js';
import type { MutatorContext } from '../../src/mutant/mutator.js';
import type { Site } from '../../src/mutant/mutation-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { ProfileName } from '../../src/taxonomy/taxonomy.js';

export interface ContextOptions {
  readonly profile?: ProfileName;
  readonly seed?: number;
  readonly canaries?: readonly string[];
  readonly check?: CheckContext;
}

/** A mutator context on a real built-in profile (default `mcp-2025-11-25`, seed 42). */
export function mutatorContext(options: ContextOptions = {}): MutatorContext {
  return {
    taxonomy: resolveTaxonomy({ profile: options.profile ?? 'mcp-2025-11-25' }),
    seed: options.seed ?? 42,
    canaries: options.canaries ?? [],
    check: options.check ?? {},
  };
}

export const PROTOCOL_ERROR = {
  jsonrpc: '2.0',
  id: 41,
  error: { code: -32602, message: 'Unknown tool: nope' },
} as const;

export const TOOL_FAILURE = {
  jsonrpc: '2.0',
  id: 'req-42',
  result: { content: [{ type: 'text', text: 'Account is not eligible' }], isError: true },
} as const;

export const SUCCESS = {
  jsonrpc: '2.0',
  id: 7,
  result: { content: [{ type: 'text', text: 'done' }], structuredContent: { total: 3 } },
} as const;

export const REQUEST = {
  jsonrpc: '2.0',
  id: 41,
  method: 'tools/call',
  params: { name: 'nope', arguments: {} },
} as const;

export const NOTIFICATION = { jsonrpc: '2.0', method: 'notifications/initialized' } as const;

/**
 * A site of test `t1` in `test/a.test.ts` holding `value`, with the check context its kind
 * carries: the method and ids in flight at an id allocation, request id 41 elsewhere.
 */
export function siteOf(key: string, kind: Site['kind'], value: unknown): Site {
  return {
    key,
    kind,
    file: 'test/a.test.ts',
    testIds: ['t1'],
    fileLevel: false,
    value,
    check: kind === 'request-id' ? { method: 'tools/call', inFlightIds: [] } : { requestId: 41 },
  };
}
