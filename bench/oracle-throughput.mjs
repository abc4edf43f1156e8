// Oracle throughput: envelopes checked per second on a realistic mix of MCP traffic, against
// JSON.parse of the same messages' text in the same process (the reference). Goal: checking an
// envelope costs no more than twice parsing it.
//
//   npm run build && node bench/oracle-throughput.mjs [--rounds 15] [--seconds 0.25]
import { parseArgs } from 'node:util';
import { check, resolveTaxonomy } from '../dist/src/index.js';
import { median, printTable, round, writeResult } from './lib/bench-report.mjs';
import { buildMix } from './lib/envelope-mix.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    seconds: { type: 'string', default: '0.25' },
    count: { type: 'string', default: '2000' },
  },
});
const ROUNDS = Number(args.rounds);
const BATCH_SECONDS = Number(args.seconds);
const GOAL_RATIO = 2;

const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const mix = buildMix(Number(args.count));
const texts = mix.map((m) => m.text);
const values = texts.map((text) => JSON.parse(text));
const contexts = mix.map((m) => m.context);
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);

let sink = 0;
/** The three contenders; each walks the whole mix once per pass. */
const contenders = {
  'JSON.parse (reference)': () => {
    for (let i = 0; i < texts.length; i += 1) sink += JSON.parse(texts[i]) === null ? 1 : 0;
  },
  'check(parsed value)': () => {
    for (let i = 0; i < values.length; i += 1)
      sink += check(values[i], contexts[i], taxonomy).length;
  },
  'check(raw text)': () => {
    for (let i = 0; i < texts.length; i += 1) sink += check(texts[i], contexts[i], taxonomy).length;
  },
};

/** Envelopes per second of one contender over about BATCH_SECONDS. */
function measure(pass, count = texts.length) {
  let passes = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(BATCH_SECONDS * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    pass();
    passes += 1;
    elapsed = process.hrtime.bigint() - start;
  }
  return (passes * count) / (Number(elapsed) / 1e9);
}

// Warm-up: every contender reaches its optimized code before a figure is taken.
for (const pass of Object.values(contenders)) for (let i = 0; i < 20; i += 1) pass();

// Interleaved rounds, rotating the order so no contender always runs first after a GC.
const names = Object.keys(contenders);
const perRound = Object.fromEntries(names.map((name) => [name, []]));
const ratios = { parsed: [], text: [] };
for (let r = 0; r < ROUNDS; r += 1) {
  const rates = {};
  for (let k = 0; k < names.length; k += 1) {
    const name = names[(r + k) % names.length];
    rates[name] = measure(contenders[name]);
    perRound[name].push(rates[name]);
  }
  const parse = rates['JSON.parse (reference)'];
  ratios.parsed.push(parse / rates['check(parsed value)']);
  ratios.text.push(parse / rates['check(raw text)']);
}

const parseRate = median(perRound['JSON.parse (reference)']);
const rows = names.map((name) => {
  const rate = median(perRound[name]);
  return {
    contender: name,
    'envelopes/s': Math.round(rate).toLocaleString('en-US'),
    'µs/envelope': round(1e6 / rate, 2),
    'MB/s': round((rate * bytes) / texts.length / 1e6, 1),
    'cost vs parse': round(parseRate / rate, 2),
  };
});
const costRatio = median(ratios.parsed);
printTable(
  `Oracle throughput: ${texts.length} envelopes (${round(bytes / 1024, 1)} KiB), median of ${ROUNDS} interleaved rounds`,
  rows,
);
console.log(
  `\ncheck / JSON.parse cost, median of per-round ratios: ${round(costRatio, 2)} (goal ≤ ${GOAL_RATIO}: ${costRatio <= GOAL_RATIO ? 'met' : `MISSED by ${round((costRatio / GOAL_RATIO - 1) * 100, 1)}%`})`,
);
const composition = {};
for (const m of mix) composition[m.kind] = (composition[m.kind] ?? 0) + 1;

/** Where the cost is: the same comparison on each kind of envelope alone. */
function byKind(kind) {
  const at = mix.flatMap((m, i) => (m.kind === kind ? [i] : []));
  const parse = () => {
    for (const i of at) sink += JSON.parse(texts[i]) === null ? 1 : 0;
  };
  const judge = () => {
    for (const i of at) sink += check(values[i], contexts[i], taxonomy).length;
  };
  const ratios_ = [];
  let checkRate = 0;
  for (let r = 0; r < 5; r += 1) {
    const p = measure(parse, at.length);
    checkRate = measure(judge, at.length);
    ratios_.push(p / checkRate);
  }
  return {
    kind,
    envelopes: at.length,
    'µs/check': round(1e6 / checkRate, 2),
    'cost vs parse': round(median(ratios_), 2),
  };
}
const kinds = Object.keys(composition).map(byKind);
printTable(
  'By kind (check of the parsed value vs JSON.parse of its text, median of 5 rounds)',
  kinds,
);
const file = writeResult('oracle-throughput', {
  command: 'npm run build && node bench/oracle-throughput.mjs',
  goal: `check costs ≤ ${GOAL_RATIO}× JSON.parse of the same text`,
  mix: { envelopes: texts.length, bytes, composition },
  rounds: ROUNDS,
  batchSeconds: BATCH_SECONDS,
  envelopesPerSecond: Object.fromEntries(names.map((n) => [n, Math.round(median(perRound[n]))])),
  byKind: kinds,
  costVsParse: { checkParsed: round(costRatio, 3), checkText: round(median(ratios.text), 3) },
  goalMet: costRatio <= GOAL_RATIO,
  sink: sink > 0,
});
console.log(`\nwrote ${file}`);
