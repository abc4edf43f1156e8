import type { RuleName } from '../oracle/rule-name.js';
import { buildConsoleSummary } from './console-summary.js';
import { expectedKillersOf } from './expected-killers.js';
import { redactSecrets, type Environment } from '../secrets/redact-secrets.js';
import type { Reporter } from '../engine/reporter.js';
import { useColor, type TextStream } from './text-stream.js';

export interface ConsoleReporterOptions {
  readonly stream: TextStream;
  readonly isTTY: boolean;
  /** For NO_COLOR and secret redaction; default `process.env`. */
  readonly env?: Environment;
  /** Default: the catalogue's (`allMutators`). */
  readonly expectedKillersOf?: (mutatorName: string) => readonly RuleName[];
}

/**
 * Writes the end-of-run summary (`buildConsoleSummary`) to `stream`, secrets redacted.
 *
 * @internal
 */
export function createConsoleReporter(options: ConsoleReporterOptions): Reporter {
  const env = options.env ?? process.env;
  return {
    onRunComplete(run) {
      const text = buildConsoleSummary(run, {
        color: useColor(options.isTTY, env),
        expectedKillersOf: options.expectedKillersOf ?? expectedKillersOf,
      });
      options.stream.write(redactSecrets(text, env));
    },
  };
}
