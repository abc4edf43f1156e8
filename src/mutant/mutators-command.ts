import { allMutators } from '../../mutators/index.js';
import type { RegisterCommand } from '../cli.js';
import type { Mutator } from './mutator.js';

/** One row of the catalogue, as `mutators --json` prints it. */
export interface MutatorInfo {
  readonly name: string;
  readonly layer: Mutator['layer'];
  readonly target: Mutator['target'];
  readonly expectedKillers: readonly string[];
  readonly description: string;
  readonly version: number;
}

/** The catalogue as plain data, in catalogue order. */
export function describeMutators(mutators: readonly Mutator[] = allMutators): MutatorInfo[] {
  return mutators.map(({ name, layer, target, expectedKillers, description, version }) => ({
    name,
    layer,
    target,
    expectedKillers: [...expectedKillers],
    description,
    version,
  }));
}

/**
 * The catalogue as a GitHub Markdown table: the table of docs/reference/mutators.md is this output
 * (`envelope-mutants mutators --markdown`, written by `npm run docs:reference`).
 */
export function renderMutatorsMarkdown(mutators: readonly Mutator[] = allMutators): string {
  const rows = describeMutators(mutators).map(
    (info) =>
      `| \`${info.name}\` | ${info.layer} | ${info.expectedKillers.map((rule) => `\`${rule}\``).join(', ')} | ${_escapeCell(info.description)} |`,
  );
  return [
    '| mutator | layer | expected killers | what it does |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The catalogue as an aligned plain-text table for the console. */
export function renderMutatorsTable(mutators: readonly Mutator[] = allMutators): string {
  const header = ['mutator', 'layer', 'expected killers', 'description'] as const;
  const rows = describeMutators(mutators).map((info) => [
    info.name,
    info.layer,
    info.expectedKillers.join(', '),
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
    .option('--json', 'print the catalogue as JSON')
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

function _escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
