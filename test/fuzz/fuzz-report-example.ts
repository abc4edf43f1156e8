// A small hand-made fuzz report, for the formatting and fixture tests.
import type { Counterexample, FuzzReport } from '../../src/fuzz/fuzz-report.js';

/** A correlation counterexample: request 1 settled by a response carrying "1". */
export const EXAMPLE: Counterexample = {
  property: 'correlation',
  seed: 42,
  path: '3:0:1',
  case: {
    requests: [
      { id: 1, method: 'tools/call' },
      { id: 'b', method: 'tools/call' },
    ],
    deliveries: [
      {
        envelope: { text: '{"jsonrpc":"2.0","id":"1","result":{}}', value: { id: '1' } },
        intendedFor: 1,
        role: 'generated',
      },
      {
        envelope: { text: '{"jsonrpc":"2.0","id":"b","result":{}}', value: { id: 'b' } },
        intendedFor: 'b',
        role: 'companion',
      },
    ],
    breaks: ['jsonrpc.members'],
    canaries: ['CANARY-plantedAAAA1'],
  },
  observation: {
    steps: [
      [{ kind: 'pending' }, { kind: 'pending' }],
      [{ kind: 'success' }, { kind: 'pending' }],
      [{ kind: 'success' }, { kind: 'success' }],
    ],
  },
  failures: [
    {
      property: 'correlation',
      request: 1,
      delivery: 0,
      message: 'request 1 settled as success by a response carrying id "1"',
    },
  ],
  violations: [
    [
      { rule: 'jsonrpc.members', path: [], message: 'm1' },
      { rule: 'jsonrpc.members', path: ['id'], message: 'm2' },
      { rule: 'mcp.content', path: ['result'], message: 'm3' },
    ],
    [],
  ],
};

/** A report with one failed, one passed and one skipped property. */
export function reportWith(example: Counterexample, extra: Partial<FuzzReport> = {}): FuzzReport {
  return {
    decoder: 'my decoder/v2',
    profile: 'mcp-2025-11-25',
    seed: 42,
    runs: 500,
    cases: 120,
    failed: true,
    properties: [
      { name: 'session-survives', status: 'passed' },
      { name: 'correlation', status: 'failed', counterexample: example },
      {
        name: 'no-leak',
        status: 'skipped',
        reason: 'the decoder does not declare sanitizes: true',
      },
    ],
    ...extra,
  };
}
