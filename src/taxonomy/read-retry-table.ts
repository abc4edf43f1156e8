import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import { CLIENT_ACTIONS, type FailureContext, isClientAction } from './client-action.js';
import { kind } from './read-project-codes.js';
import type { RetryRule } from './taxonomy.js';

const BOOLEAN_KEYS = ['transient', 'sideEffectMayHaveOccurred', 'userActionRequired'] as const;
const WHEN_KEYS = ['kind', 'failureClass', ...BOOLEAN_KEYS] as const;

/** Reads `taxonomy.retryTable`: `[{ when: Partial<FailureContext>, action }]`, first match wins. */
export function readRetryTable(value: unknown, where: string): readonly RetryRule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new ConfigError(
      `${where}: expected an array of {when, action} but received ${kind(value)}. Write "retryTable": [{"when": {"transient": true}, "action": "retry-bounded"}].`,
    );
  }
  return value.map((row: unknown, index) => readRow(row, `${where}[${index}]`));
}

function readRow(row: unknown, where: string): RetryRule {
  if (!isJsonObject(row)) {
    throw new ConfigError(
      `${where}: expected an object {when, action} but received ${kind(row)}. Give each row a when and an action.`,
    );
  }
  if (!isClientAction(row['action'])) {
    throw new ConfigError(
      `${where}.action: expected one of ${CLIENT_ACTIONS.join(', ')} but received ${kind(row['action'])}. Pick a client action.`,
    );
  }
  return { when: readWhen(row['when'], `${where}.when`), action: row['action'] };
}

function readWhen(when: unknown, where: string): Partial<FailureContext> {
  if (!isJsonObject(when)) {
    throw new ConfigError(
      `${where}: expected an object of FailureContext fields but received ${kind(when)}. Use {} to match every failure.`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(when)) {
    if (!(WHEN_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(
        `${where}.${key}: not a FailureContext field. Use ${WHEN_KEYS.join(', ')}.`,
      );
    }
    const ok =
      key === 'kind'
        ? field === 'protocol' || field === 'tool'
        : key === 'failureClass'
          ? typeof field === 'string'
          : typeof field === 'boolean';
    if (!ok) {
      const wanted =
        key === 'kind' ? '"protocol" or "tool"' : key === 'failureClass' ? 'a string' : 'a boolean';
      throw new ConfigError(
        `${where}.${key}: expected ${wanted} but received ${kind(field)}. Fix the value.`,
      );
    }
    out[key] = field;
  }
  return out;
}
