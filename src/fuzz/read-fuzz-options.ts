import { ConfigError } from '../errors.js';
import { PROFILE_NAMES, type ProfileName } from '../taxonomy/taxonomy.js';
import { isDecoder } from './decoder.js';

/** {@link FuzzOptions} with defaults filled in and every value checked. */
export interface ReadFuzzOptions {
  readonly profile: ProfileName;
  readonly runs: number;
  readonly seed: number;
  readonly path?: string;
  readonly deadlineMs: number;
}

const DEFAULT_RUNS = 1000;
const DEFAULT_DEADLINE_MS = 50;
/** fast-check paths are colon-separated indices, e.g. `42:0:3`. */
const PATH_SYNTAX = /^\d+(?::\d+)*$/;

/** Whether `value` is a fast-check replay path such as `42:0:3`. */
export function isReplayPath(value: string): boolean {
  return PATH_SYNTAX.test(value);
}

/**
 * Validates the decoder and options of `fuzzDecoder` at once, with errors that start with the API
 * name (fast-check style), and fills the defaults.
 */
export function readFuzzOptions(api: string, decoder: unknown, options: unknown): ReadFuzzOptions {
  if (!isDecoder(decoder)) {
    throw new ConfigError(
      `${api}: the decoder should be an object with a createSession() function, a boolean sanitizes and, if any, a string name, received ${kind(decoder)}. See the Decoder interface.`,
    );
  }
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError(
      `${api}: options should be an object, received ${kind(options)}. Pass {} for the defaults.`,
    );
  }
  const given = options as Record<string, unknown>;
  const profile = given['profile'] ?? 'mcp-2025-11-25';
  if (!(PROFILE_NAMES as readonly unknown[]).includes(profile)) {
    throw new ConfigError(
      `${api}: profile should be one of ${PROFILE_NAMES.join(', ')}, received ${kind(profile)}. Leave it out for mcp-2025-11-25.`,
    );
  }
  const runs = integer(api, 'runs', given['runs'] ?? DEFAULT_RUNS, 1);
  const seed = integer(api, 'seed', given['seed'] ?? randomSeed(), Number.MIN_SAFE_INTEGER);
  const deadlineMs = integer(api, 'deadlineMs', given['deadlineMs'] ?? DEFAULT_DEADLINE_MS, 1);
  const path = given['path'];
  if (path !== undefined && (typeof path !== 'string' || !PATH_SYNTAX.test(path))) {
    throw new ConfigError(
      `${api}: path should be a fast-check path like "12:0:3", received ${kind(path)}. Copy it from the counterexample's replay line.`,
    );
  }
  if (path !== undefined && given['seed'] === undefined) {
    throw new ConfigError(
      `${api}: path ${path} was given without a seed. Pass the seed printed with the counterexample too.`,
    );
  }
  return {
    profile: profile as ProfileName,
    runs,
    seed,
    deadlineMs,
    ...(path === undefined ? {} : { path }),
  };
}

function integer(api: string, name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(
      `${api}: ${name} should be an integer ≥ ${min}, received ${kind(value)}. Give a whole number.`,
    );
  }
  return value;
}

/** A fresh 32-bit seed when none is given; it is reported so that the run can be replayed. */
function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}
