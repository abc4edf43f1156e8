import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { loadConfig } from '../config/load-config.js';
import { addProjectFlags, projectOverrides, type ProjectFlags } from './config-flags.js';
import { discoverProjectMutants } from '../vitest-adapter/run-mutation.js';
import { runOptionsOf } from '../engine/run-options.js';
import { redactSecrets } from '../secrets/redact-secrets.js';

interface ListFlags extends ProjectFlags {
  readonly json?: boolean;
}

/** `envelope-mutants list`: the mutants a run would make (it runs the suite once, recording). */
export const registerListCommand: RegisterCommand = (program) => {
  addProjectFlags(program.command('list'))
    .description('list the mutants a run would make: id, site, mutator, replacement')
    .option('--json', 'one JSON array instead of a table')
    .action(async (flags: ListFlags) => {
      const config = await loadConfig({
        cwd: path.resolve(flags.root ?? '.'),
        configPath: flags.config,
        overrides: projectOverrides(flags),
      });
      const { mutants } = await discoverProjectMutants(
        runOptionsOf(config, { isolate: false, only: [] }),
      );
      const rows = mutants.map(({ mutant, site }) => ({
        id: mutant.id,
        site: redactSecrets(site.key, process.env),
        file: site.file,
        mutator: mutant.mutatorName,
        replacement: redactSecrets(mutant.replacement, process.env),
        coveredBy: site.testIds.length,
      }));
      if (flags.json === true) {
        process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      for (const row of rows) {
        process.stdout.write(
          `${row.id}  ${row.mutator.padEnd(28)} ${row.site}  ${row.replacement}\n`,
        );
      }
      process.stdout.write(`${rows.length} mutants\n`);
    });
};
