// Does checking an envelope stay linear in its size? For each shape, times `check` (and
// `parseEnvelope` on the same envelope's text) at sizes n, 2n, 4n, 8n and prints the ratio from
// one size to the next: about 2 per doubling is linear, about 4 quadratic. Ratios, not times, are
// the figures to read: the machine is shared.
import { parseArgs } from 'node:util';
import { check, parseEnvelope, resolveTaxonomy } from '../dist/src/index.js';
import { median, printTable, round, writeResult } from './lib/bench-report.mjs';

const { values: args } = parseArgs({
  options: { reps: { type: 'string', default: '15' } },
});
const REPS = Number(args.reps);
const TAXONOMY = resolveTaxonomy();
const CONTEXT = { requestId: 1 };

/** Envelope builders, each growing with `n` in one direction. */
const SHAPES = {
  'many content blocks': {
    base: 2_000,
    build: (n) => ({
      jsonrpc: '2.0',
      id: 1,
      result: {
        isError: true,
        content: Array.from({ length: n }, (_, i) => ({ type: 'text', text: `block ${i}` })),
      },
    }),
  },
  'long error message': {
    base: 250_000,
    build: (n) => ({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x'.repeat(n) } }),
  },
  'wide error.data': {
    base: 2_000,
    build: (n) => ({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: 'm',
        data: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `v${i}`])),
      },
    }),
  },
  'deep error.data': {
    // 8 × 500 levels: JSON.stringify (for the parse input) overflows near 6,000 nested objects.
    base: 500,
    build: (n) => {
      let data = 'bottom';
      for (let i = 0; i < n; i += 1) data = { next: data };
      return { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'm', data } };
    },
  },
};

function timeOf(fn) {
  const samples = [];
  for (let rep = 0; rep < REPS; rep += 1) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

const rows = [];
for (const [shape, { base, build }] of Object.entries(SHAPES)) {
  let previous;
  for (const factor of [1, 2, 4, 8]) {
    const n = base * factor;
    const envelope = build(n);
    const text = JSON.stringify(envelope);
    check(envelope, CONTEXT, TAXONOMY); // warm-up
    const checkMs = timeOf(() => check(envelope, CONTEXT, TAXONOMY));
    const parseMs = timeOf(() => parseEnvelope(text));
    rows.push({
      shape,
      n,
      'text KB': round(text.length / 1024, 0),
      'check ms': round(checkMs, 2),
      'check ×': previous === undefined ? '' : round(checkMs / previous.checkMs, 2),
      'parse ms': round(parseMs, 2),
      'parse ×': previous === undefined ? '' : round(parseMs / previous.parseMs, 2),
    });
    previous = { checkMs, parseMs };
  }
}
printTable(
  `oracle linearity (median of ${REPS}; × = time ratio to the previous size, 2 = linear)`,
  rows,
);
console.log(`\nwrote ${writeResult('oracle-linearity', { reps: REPS, rows })}`);
