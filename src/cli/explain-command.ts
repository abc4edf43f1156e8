import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { ConfigError } from '../errors.js';
import { loadConfig } from '../config/load-config.js';
import type { ResolvedConfig } from '../config/resolved-config.js';
import { formatHint } from '../hints/format-hint.js';
import { hintForSite } from '../hints/hint-for-site.js';
import { notNamed } from '../hints/survivor-hint.js';
import type { TestInfo } from '../mutant/mutation-run.js';
import { addProjectFlags, projectOverrides, type ProjectFlags } from './config-flags.js';
import { diffLines } from '../engine/diff-lines.js';
import { discoverProjectMutants } from '../vitest-adapter/run-mutation.js';
import { envelopeText } from '../engine/envelope-text.js';
import type { RoundMutant } from '../engine/execute-rounds.js';
import { readReportedVerdict, type ReportedVerdict } from '../report/read-reported-verdict.js';
import { runOptionsOf } from '../engine/run-options.js';
import { redactSecrets } from '../secrets/redact-secrets.js';

/** `envelope-mutants explain ID`: one mutant's site, its diff, and its last verdict. */
export const registerExplainCommand: RegisterCommand = (program) => {
  addProjectFlags(program.command('explain').argument('<id>', 'a mutant id (see `list`)'))
    .description(
      "show one mutant: its site, the envelope before and after, and the last report's verdict",
    )
    .action(async (id: string, flags: ProjectFlags) => {
      const config = await loadConfig({
        cwd: path.resolve(flags.root ?? '.'),
        configPath: flags.config,
        overrides: projectOverrides(flags),
      });
      const { mutants, tests } = await discoverProjectMutants(
        runOptionsOf(config, { isolate: false, only: [] }),
      );
      const entry = mutants.find((candidate) => candidate.mutant.id === id);
      if (entry === undefined) {
        throw new ConfigError(
          `explain: no mutant ${id} in this project. Run \`envelope-mutants list\` to see the ids (they depend on --seed and the mutators).`,
        );
      }
      const verdict = await readReportedVerdict(config.reportDir, id);
      process.stdout.write(
        redactSecrets(explanation(entry, { tests, config, verdict }), process.env),
      );
    });
};

interface ExplanationInput {
  readonly tests: readonly TestInfo[];
  readonly config: ResolvedConfig;
  readonly verdict: ReportedVerdict | undefined;
}

function explanation(entry: RoundMutant, { tests, config, verdict }: ExplanationInput): string {
  const { mutant, site, expectedKillers } = entry;
  const testNames = new Map(tests.map((test) => [test.id, test.name]));
  const covering = site.testIds.map((testId) => `    ${testNames.get(testId) ?? testId}`);
  const lines = [
    `mutant   ${mutant.id}`,
    `mutator  ${mutant.mutatorName} (expected killers: ${expectedKillers.join(', ')})`,
    `site     ${site.key} in ${site.file}${site.fileLevel ? ' (file level: covers the whole file)' : ''}`,
    `change   ${mutant.replacement}`,
    `covered by ${site.testIds.length} test(s):`,
    ...covering,
    '',
    ...diffLines(envelopeText(site.value), envelopeText(mutant.value)),
    '',
    verdictLine(verdict),
  ];
  const killed = verdict === undefined ? undefined : notNamed(verdict);
  if (verdict?.status === 'Survived' || killed !== undefined) {
    // The same hint the console summary and the reports give, in the suite's own style; a kill
    // that named no rule is told as one, with the line placed before the assertion that failed.
    const hint = hintForSite({
      mutantId: mutant.id,
      mutatorName: mutant.mutatorName,
      site,
      tests,
      projectRoot: config.projectRoot,
      canaries: config.canaries,
      taxonomy: config.taxonomy,
    });
    if (hint !== undefined) {
      lines.push(
        killed === undefined
          ? 'an assertion that would kill it at its rule:'
          : 'an assertion that would name its kill:',
        formatHint(killed === undefined ? hint : { ...hint, killed }, '    '),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function verdictLine(verdict: ReportedVerdict | undefined): string {
  if (verdict === undefined) return 'verdict  (no report yet: run `envelope-mutants run`)';
  const at =
    verdict.killedAt === undefined
      ? ''
      : ` at ${verdict.killedAt.rule ?? 'an unnamed assertion'} in ${verdict.killedAt.test}${verdict.killedAt.named ? ' (named)' : ''}`;
  const reason =
    verdict.statusReason === undefined
      ? ''
      : `\n         ${verdict.statusReason.split('\n').join('\n         ')}`;
  return `verdict  ${verdict.status}${at}${reason}`;
}
