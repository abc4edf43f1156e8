import type { Command } from 'commander';
import { ConfigError } from '../errors.js';
import type { ConfigOverrides } from '../config/config-input.js';

/** The flags `run`, `list` and `explain` share: where the project is and what to mutate. */
export interface ProjectFlags {
  readonly root?: string;
  readonly config?: string;
  readonly mutators?: string;
  readonly profile?: string;
  readonly seed?: string;
}

export function addProjectFlags(command: Command): Command {
  return command
    .option('--root <dir>', 'the project root (default: the current directory)')
    .option('--config <path>', 'the config file, relative to the root')
    .option('--mutators <names>', 'comma-separated mutator names (default: all)')
    .option('--profile <name>', 'the taxonomy profile, e.g. mcp-2025-11-25')
    .option(
      '--seed <n>',
      "the seed of the mutators' values (and of vitest's shuffles, if the project sets none)",
    );
}

/** Comma-separated list flag → names; `undefined` when the flag was not given. */
export function listFlag(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The config overrides the shared flags carry; loadConfig validates the values. */
export function projectOverrides(flags: ProjectFlags): ConfigOverrides {
  return {
    mutators: listFlag(flags.mutators),
    // loadConfig checks the name against the profiles and says which exist.
    profile: flags.profile as ConfigOverrides['profile'],
    seed: flags.seed === undefined ? undefined : integerFlag('--seed', flags.seed),
  };
}

/** Bounds and the example of {@link integerFlag}'s messages. */
export interface IntegerFlagOptions {
  readonly min?: number;
  readonly example?: number;
}

/** The integer a flag's text names; a ConfigError naming the flag for anything else. */
export function integerFlag(flag: string, value: string, options: IntegerFlagOptions = {}): number {
  const { min = Number.MIN_SAFE_INTEGER, example = 42 } = options;
  // Decimal digits only: Number() also reads "" and " " as 0, and "0x10", "1e3", "0b11".
  if (!/^\s*[+-]?\d+\s*$/.test(value)) {
    throw new ConfigError(
      `${flag}: expected an integer but received "${value}". Give a whole number, e.g. ${flag} ${example}.`,
    );
  }
  const parsed = Number(value);
  if (parsed < min) {
    throw new ConfigError(
      `${flag}: expected an integer ≥ ${min} but received "${value}". Give a larger number.`,
    );
  }
  if (!Number.isSafeInteger(parsed)) {
    throw new ConfigError(`${flag}: ${value} is too large. Give an integer below 2^53.`);
  }
  return parsed;
}
