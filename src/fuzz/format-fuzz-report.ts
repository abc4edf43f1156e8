import type { FuzzReport } from './fuzz-report.js';
import { replayCommand } from './fuzz-fixture.js';

/** Longest envelope text quoted in the console; fixtures keep the whole text. */
const QUOTE_LIMIT = 400;

/**
 * The console text of a fuzz report: one line per property, and under each broken one its
 * shrunk counterexample (requests, envelopes, outcomes) and the command that replays it.
 *
 * @internal
 */
export function formatFuzzReport(report: FuzzReport, decoderFlag: string): string {
  const lines = [
    `fuzz ${report.decoder} (profile ${report.profile}, seed ${report.seed}, ${report.path === undefined ? `${report.runs} runs` : `replay of path ${report.path}`}): ${report.cases} cases`,
  ];
  for (const property of report.properties) {
    const mark = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' }[property.status];
    lines.push(
      `  ${mark} ${property.name}${property.reason === undefined ? '' : ` (${property.reason})`}`,
    );
    const example = property.counterexample;
    if (example === undefined) continue;
    for (const failure of example.failures) lines.push(`       ${failure.message}`);
    lines.push(
      `       in flight: ${example.case.requests.map((request) => JSON.stringify(request.id)).join(', ')}`,
    );
    for (const [index, delivery] of example.case.deliveries.entries()) {
      const quoted = quote(delivery.envelope.text);
      lines.push(
        `       envelope ${index} (${delivery.role} for ${JSON.stringify(delivery.intendedFor)}): ${quoted}`,
      );
      const rules = [
        ...new Set((example.violations[index] ?? []).map((violation) => violation.rule)),
      ];
      if (rules.length > 0) lines.push(`         oracle: ${rules.join(', ')}`);
    }
    const rewordings = property.name === 'prose-invariance' ? example.case.rewordings : undefined;
    for (const rewording of rewordings ?? []) {
      lines.push(
        `       reworded (${rewording.change}) ${rewording.path.join('.')} of envelope ${rewording.delivery}: ${quote(JSON.stringify(rewording.text))}`,
      );
    }
    const final = example.observation.steps.at(-1) ?? [];
    lines.push(`       outcomes: ${final.map((outcome) => JSON.stringify(outcome)).join(', ')}`);
    const decisions = example.observation.decisions?.flat() ?? [];
    if (decisions.length > 0) lines.push(`       decisions: ${decisions.join(', ')}`);
    lines.push(`       replay: ${replayCommand(decoderFlag, report.profile, example)}`);
  }
  return `${lines.join('\n')}\n`;
}

function quote(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text;
}
