// What checking a tool's `outputSchema` costs a fresh VM context, as in a mutant's copy of a test
// file (docs/performance.md "Inside a copy"): in N fresh node processes each, the CPU time to load
// the validator and judge one structured result against a small JSON Schema 2020-12 schema.
// `before` reproduces the oracle that compiled the 2020-12 meta-schema at run time; `after` is
// the build (dist/), with the meta-schema validators compiled ahead of time. The two alternate,
// and the figure to read is the ratio of the medians: the machine is shared.
//   npm run build && node bench/output-schema-cost.mjs [--runs 15]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, printTable, round, writeResult } from './lib/bench-report.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const RUNS = Number(args.runs);
const probe = fileURLToPath(new URL('output-schema-cost/probe.mjs', import.meta.url));

function measure(variant) {
  const line = execFileSync(process.execPath, [probe, variant], { encoding: 'utf8' });
  const { cpuMs, importMs, valid } = JSON.parse(line);
  if (valid !== true)
    throw new Error(`output-schema-cost: the ${variant} validator refused the result`);
  return { cpuMs, importMs };
}

const samples = { before: [], after: [] };
for (let run = 0; run < RUNS; run += 1) {
  // Alternate the order too, so neither side always runs right after the other.
  const order = run % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
  for (const variant of order) samples[variant].push(measure(variant));
}

const rows = ['before', 'after'].flatMap((variant) => {
  const total = samples[variant].map((sample) => sample.cpuMs);
  const check = samples[variant].map((sample) => sample.cpuMs - sample.importMs);
  return [
    ['all', total],
    ['after the imports', check],
  ].map(([part, values]) => ({
    variant,
    part,
    'min ms': round(Math.min(...values), 1),
    'median ms': round(median(values), 1),
    'max ms': round(Math.max(...values), 1),
  }));
});
const medianOf = (variant, part) =>
  rows.find((row) => row.variant === variant && row.part === part)['median ms'];
const ratio = round(medianOf('before', 'all') / medianOf('after', 'all'), 2);
const ratioAfterImports = round(
  medianOf('before', 'after the imports') / medianOf('after', 'after the imports'),
  2,
);
printTable(`output schema cost: CPU per fresh process (${RUNS} each)`, rows);
console.log(
  `\nbefore / after (medians): ${ratio}× in all, ${ratioAfterImports}× after the imports`,
);
const file = writeResult('output-schema-cost', {
  runs: RUNS,
  rows,
  ratio,
  ratioAfterImports,
  samples,
});
console.log(`written: ${file}`);
