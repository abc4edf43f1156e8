import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import { SERVER_ERROR_BAND } from './profiles/jsonrpc-codes.js';
import type { CodeDoc, Profile } from './taxonomy.js';

/**
 * Reads `taxonomy.codes`: the project's documented private codes. A code may not redefine one the
 * profile documents (whatever its status: clients still read legacy codes) nor sit in a band the
 * profile reserves: a private code never collides with a standard meaning (docs/design.md "Rules",
 * `jsonrpc.error-code`).
 */
export function readProjectCodes(
  value: unknown,
  profile: Profile,
  where: string,
): readonly CodeDoc[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new ConfigError(
      `${where}: expected an array of {code, name, meaning} but received ${kind(value)}. Write "codes": [{"code": -32001, "name": "…", "meaning": "…"}].`,
    );
  }
  const seen = new Set<number>();
  return value.map((entry: unknown, index) => {
    const doc = readCode(entry, `${where}[${index}]`, profile);
    if (seen.has(doc.code)) {
      throw new ConfigError(
        `${where}[${index}]: code ${doc.code} is documented twice. Keep one entry per code.`,
      );
    }
    seen.add(doc.code);
    return doc;
  });
}

function readCode(entry: unknown, where: string, profile: Profile): CodeDoc {
  if (!isJsonObject(entry)) {
    throw new ConfigError(
      `${where}: expected an object {code, name, meaning} but received ${kind(entry)}. Give each code as an object.`,
    );
  }
  const { code, name, meaning } = entry;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    throw new ConfigError(
      `${where}.code: expected an integer but received ${kind(code)}. JSON-RPC 2.0 §5.1 error codes are integers.`,
    );
  }
  for (const [key, field] of [
    ['name', name],
    ['meaning', meaning],
  ] as const) {
    if (typeof field !== 'string' || field.trim() === '') {
      throw new ConfigError(
        `${where}.${key}: expected a non-empty string but received ${kind(field)}. Say what the code is called and means.`,
      );
    }
  }
  assertFree(code, where, profile);
  return {
    code,
    name: name as string,
    meaning: meaning as string,
    status: 'current',
    source: 'project',
  };
}

/** Throws when `code` is the profile's or inside a band the profile reserves. */
export function assertFree(code: number, where: string, profile: Profile): void {
  const fix = `Pick a code in ${freeServerRange(profile)} or outside -32768..-32000.`;
  const taken = profile.codes.find((doc) => doc.code === code);
  if (taken !== undefined) {
    const what = taken.reference?.startsWith('JSON-RPC') === true ? 'standard' : profile.name;
    throw new ConfigError(
      `${where}: code ${code} is the ${what} "${taken.name}" of ${taken.reference ?? profile.name} and cannot be redefined. ${fix}`,
    );
  }
  const band = profile.reservedBands.find((b) => code >= b.min && code <= b.max);
  if (band !== undefined) {
    throw new ConfigError(
      `${where}: code ${code} is in ${band.min}..${band.max}, reserved by ${band.owner} under ${profile.name}. ${fix}`,
    );
  }
}

/** The part of JSON-RPC's server-error band (-32099..-32000) no reserved band of the profile covers. */
export function freeServerRange(profile: Profile): string {
  let low: number = SERVER_ERROR_BAND.max;
  while (low - 1 >= SERVER_ERROR_BAND.min && !reserved(low - 1, profile)) low -= 1;
  return `${SERVER_ERROR_BAND.max}..${low}`;
}

function reserved(code: number, profile: Profile): boolean {
  return profile.reservedBands.some((band) => code >= band.min && code <= band.max);
}

/** A short, secret-free description of a config value for messages. */
export function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'boolean')
    return `${typeof value} ${String(value)}`;
  if (typeof value === 'string')
    return `string "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value;
}
