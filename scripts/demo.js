// `npm run demo`: the harness on a bundled example, the weak suite a team writes first: what it
// misses, and for each miss the assertion that would catch it. `npm run demo -- --all` runs all
// five: the strong contract suites and the weak ones, over stdio and over Streamable HTTP. Plain
// JS so it runs right after `npm run build:js`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
// The demo runs after `npm run build:js`: the table formats times as the run's summary line does.
import { formatDuration } from '../dist/src/report/format-duration.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'dist', 'src', 'bin.js');

// Every example runs as `run` does by default. A weak suite leaves most mutants alive; most of its
// survivors change members it never reads, which the harness proves without a run
// (docs/design.md "Unobserved mutants"), and the rest are confirmed in the project's own pool.
const WEAK_ARGS = [];

const WEAK_SERVER = {
  root: 'examples/mcp-server-weak',
  args: WEAK_ARGS,
  title: 'MCP server, the weak suite a team writes first',
};
const ALL = [
  { root: 'examples/mcp-server', args: ['--strict'], title: 'MCP server, strong contract suite' },
  { root: 'examples/mcp-client', args: ['--strict'], title: 'MCP client adapter, strong suite' },
  WEAK_SERVER,
  {
    root: 'examples/mcp-http-server',
    args: ['--strict'],
    title: 'Remote MCP server over Streamable HTTP, strong contract suite',
  },
  {
    root: 'examples/mcp-http-server-weak',
    args: WEAK_ARGS,
    title: 'Remote MCP server, the weak suite that only asks "did it fail?"',
  },
];

const flags = process.argv.slice(2);
const unknown = flags.filter((flag) => flag !== '--all');
if (unknown.length > 0) {
  process.stderr.write(
    `demo: unknown option ${unknown.join(' ')}; \`npm run demo\` runs the weak example, \`npm run demo -- --all\` all five\n`,
  );
  process.exit(2);
}
// `npm run demo --all`, without `--`, reaches npm as its own `all` setting, not this script.
const all = flags.includes('--all') || process.env.npm_config_all === 'true';
const examples = all ? ALL : [WEAK_SERVER];

let failed = false;
const summary = [];
for (const example of examples) {
  process.stdout.write(`\n━━ ${example.title} (${example.root}) ━━\n`);
  const run = spawnSync(
    process.execPath,
    [cli, 'run', '--root', join(repo, example.root), ...example.args],
    {
      stdio: 'inherit',
    },
  );
  const report = join(repo, example.root, 'reports', 'envelope-mutants', 'mutation.json');
  // The weak suite is expected to miss defects: its gate failing (exit 1) is the lesson, not an error.
  const expectedToFail = example.args === WEAK_ARGS && run.status === 1;
  if (run.status !== 0 && !expectedToFail) failed = true;
  if (existsSync(report)) {
    const html = join(repo, example.root, 'reports', 'envelope-mutants', 'mutation.html');
    process.stdout.write(`   report: ${relative(process.cwd(), html)}\n`);
    summary.push({ example, report: JSON.parse(readFileSync(report, 'utf8')) });
  } else {
    process.stdout.write('   no report written\n');
    failed = true;
  }
}
process.stdout.write(`\n${summaryTable(summary)}\n`);
process.stdout.write(
  `\nOpen the HTML report${examples.length > 1 ? 's' : ''} above in a browser to see each site and its mutants.\n`,
);
if (!all) {
  process.stdout.write(
    'The strong suite of the same server kills every mutant at a named assertion: ' +
      '`npm run demo -- --all` runs it and the other bundled examples (a few minutes).\n',
  );
}
process.exitCode = failed ? 1 : 0;

/** One line per example, read back from the JSON reports the runs wrote. */
function summaryTable(rows) {
  const lines = [
    'example                   mutants  mutation score  named-kill score  survived     time',
  ];
  let totalMs = 0;
  for (const { example, report } of rows) {
    const mutants = Object.values(report.files).flatMap((file) => file.mutants);
    const survived = mutants.filter((mutant) => mutant.status === 'Survived').length;
    const { mutationScore, namedKillScore, durationMs } = report.envelopeMutants;
    totalMs += durationMs;
    lines.push(
      [
        example.root.replace('examples/', '').padEnd(24),
        String(mutants.length).padStart(8),
        `${mutationScore.toFixed(2)}%`.padStart(15),
        `${namedKillScore.toFixed(2)}%`.padStart(17),
        String(survived).padStart(9),
        formatDuration(durationMs, true).padStart(8),
      ].join(' '),
    );
  }
  lines.push(`${'total'.padEnd(24)} ${' '.repeat(53)}${formatDuration(totalMs, true).padStart(8)}`);
  return lines.join('\n');
}
