import { allMutators, harmlessMutators } from '../../mutators/index.js';
import { Option } from 'commander';
import type { RegisterCommand } from './register-command.js';
import type { Mutator } from '../mutant/mutator.js';

/** One row of the catalogue, as `mutators --json` prints it. */
export interface MutatorInfo {
  readonly name: string;
  readonly layer: Mutator['layer'];
  readonly target: Mutator['target'];
  readonly expectedKillers: readonly string[];
  readonly description: string;
  readonly version: number;
  /** A harmless mutator: no expected killer, run only when named (docs/harmless-mutants.md). */
  readonly harmless: boolean;
}

/** Every mutator a run can use: the default catalogue, then the harmless ones. */
const CATALOGUE: readonly Mutator[] = [...allMutators, ...harmlessMutators];

/** The catalogue as plain data, in catalogue order. */
export function describeMutators(mutators: readonly Mutator[] = CATALOGUE): MutatorInfo[] {
  return mutators.map(
    ({ name, layer, target, expectedKillers, description, version, harmless }) => ({
      name,
      layer,
      target,
      expectedKillers: [...expectedKillers],
      description,
      version,
      harmless: harmless === true,
    }),
  );
}

/**
 * The catalogue as a GitHub Markdown table: the table of docs/reference/mutators.md is this output
 * (`envelope-mutants mutators --markdown`, written by `npm run docs:reference`).
 */
export function renderMutatorsMarkdown(mutators: readonly Mutator[] = CATALOGUE): string {
  const rows = describeMutators(mutators).map(
    (info) =>
      `| \`${info.name}\` | ${info.layer} | ${info.harmless ? HARMLESS_CELL : info.expectedKillers.map((rule) => `\`${rule}\``).join(', ')} | ${escapeCell(info.description)} |`,
  );
  return [
    '| mutator | layer | expected killers | what it does |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The catalogue as an aligned plain-text table for the console. */
export function renderMutatorsTable(mutators: readonly Mutator[] = CATALOGUE): string {
  const header = ['mutator', 'layer', 'expected killers', 'description'] as const;
  const rows = describeMutators(mutators).map((info) => [
    info.name,
    info.layer,
    info.harmless ? HARMLESS_CELL : info.expectedKillers.join(', '),
    info.description,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** `envelope-mutants mutators [--json | --markdown]`: the catalogue (docs/design.md "Mutators"). */
export const registerMutatorsCommand: RegisterCommand = (program) => {
  program
    .command('mutators')
    .description('list the mutator catalogue: name, layer, expected killers, description')
    .addOption(new Option('--json', 'print the catalogue as JSON').conflicts('markdown'))
    .option('--markdown', 'print the catalogue as a Markdown table (docs/reference/mutators.md)')
    .action((options: { readonly json?: boolean; readonly markdown?: boolean }) => {
      const text =
        options.json === true
          ? JSON.stringify(describeMutators(), null, 2)
          : options.markdown === true
            ? renderMutatorsMarkdown()
            : renderMutatorsTable();
      process.stdout.write(`${text}\n`);
    });
};

/** The expected-killers cell of a harmless mutator: a suite should stay green on it. */
const HARMLESS_CELL = 'none (harmless)';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
