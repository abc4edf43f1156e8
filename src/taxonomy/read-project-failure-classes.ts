import { ConfigError } from '../errors.js';
import type { Layer } from '../envelope/envelope.js';
import { isJsonObject } from '../envelope/json-value.js';
import { kind } from './read-project-codes.js';
import type { CodeDoc, FailureClassRule } from './taxonomy.js';

const LAYERS: readonly Layer[] = ['protocol', 'tool', 'success'];
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Reads `taxonomy.failureClasses`: `{ name: { layer, code?, description? } }`. A protocol class's
 * code must be documented (by the profile as current, or by the project); other layers carry none.
 */
export function readProjectFailureClasses(
  value: unknown,
  codes: ReadonlyMap<number, CodeDoc>,
  where: string,
): readonly FailureClassRule[] {
  if (value === undefined) return [];
  if (!isJsonObject(value)) {
    throw new ConfigError(
      `${where}: expected an object of failure classes but received ${kind(value)}. Write "failureClasses": {"quota-exceeded": {"layer": "tool"}}.`,
    );
  }
  return Object.entries(value).map(([name, entry]) =>
    readClass(name, entry, codes, `${where}.${name}`),
  );
}

function readClass(
  name: string,
  entry: unknown,
  codes: ReadonlyMap<number, CodeDoc>,
  where: string,
): FailureClassRule {
  if (!KEBAB.test(name)) {
    throw new ConfigError(
      `${where}: failure class names are kebab-case. Rename it, e.g. "quota-exceeded".`,
    );
  }
  if (!isJsonObject(entry)) {
    throw new ConfigError(
      `${where}: expected an object {layer, code?, description?} but received ${kind(entry)}. Give the class a layer.`,
    );
  }
  const { layer, code, description } = entry;
  if (typeof layer !== 'string' || !(LAYERS as readonly string[]).includes(layer)) {
    throw new ConfigError(
      `${where}.layer: expected one of ${LAYERS.join(', ')} but received ${kind(layer)}. Say where the failure is reported.`,
    );
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ConfigError(
      `${where}.description: expected a string but received ${kind(description)}. Describe the class in words.`,
    );
  }
  const base = {
    name,
    layer: layer as Layer,
    description: description ?? `Project failure class ${name}.`,
  };
  if (code === undefined) return base;
  return { ...base, code: readCode(code, layer, codes, `${where}.code`) };
}

/** Only protocol failures carry a code, and it must be a current documented one. */
function readCode(
  code: unknown,
  layer: string,
  codes: ReadonlyMap<number, CodeDoc>,
  where: string,
): number {
  if (layer !== 'protocol') {
    throw new ConfigError(
      `${where}: only protocol failures carry a code, this class is at the ${layer} layer. Remove the code or use "layer": "protocol".`,
    );
  }
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    throw new ConfigError(
      `${where}: expected an integer but received ${kind(code)}. JSON-RPC 2.0 §5.1 error codes are integers.`,
    );
  }
  if (codes.get(code)?.status !== 'current') {
    throw new ConfigError(
      `${where}: ${code} is not a current documented code. Document it under taxonomy.codes or pick one of the profile's codes.`,
    );
  }
  return code;
}
