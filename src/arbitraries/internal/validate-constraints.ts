import { ConfigError } from '../../errors.js';
import { isJsonObject } from '../../envelope/json-value.js';
import { describeValue, type DescribeOptions } from '../../envelope/describe-value.js';

/**
 * The constraints object of a public arbitrary, checked to be a plain object (or absent). Callers
 * from JavaScript may pass anything; a clear ConfigError beats a TypeError deep inside fast-check.
 */
export function constraintsObject<T extends object>(api: string, constraints: T | undefined): T {
  if (constraints === undefined) return {} as T;
  if (!isJsonObject(constraints)) {
    throw new ConfigError(
      `${api}: constraints should be an object, received ${describeValue(constraints, RECEIVED)}. Pass e.g. ${api}({}).`,
    );
  }
  return constraints;
}

/**
 * A non-empty array whose every item is one of `allowed`, or a ConfigError naming the API and
 * the constraint (fast-check style: the message starts with the API name).
 */
export function nonEmptySubset<T extends string>(
  api: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
): readonly T[] {
  const ok =
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => (allowed as readonly unknown[]).includes(item));
  if (!ok) {
    const union = allowed.map((item) => JSON.stringify(item)).join(' | ');
    throw new ConfigError(
      `${api}: constraints.${name} should be a non-empty array of ${union}, received ${describeValue(value, RECEIVED)}. Leave it out for the default.`,
    );
  }
  return value as readonly T[];
}

/** What a constraint error shows of a received value: its JSON text, clipped. */
export const RECEIVED: DescribeOptions = { json: true };
