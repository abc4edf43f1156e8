import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { isConfigError } from '../../src/config/config-error.js';
import { selectMutators } from '../../src/mutant/select-mutators.js';

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('selectMutators', () => {
  it('should return the whole catalogue when no names are given', () => {
    expect(selectMutators(undefined)).toStrictEqual([...allMutators]);
  });

  it('should return the named mutators once each, in catalogue order', () => {
    const names = selectMutators(['leak-canary', 'swap-error-result', 'leak-canary']).map(
      (m) => m.name,
    );
    expect(names).toStrictEqual(['swap-error-result', 'leak-canary']);
  });

  it('should throw a ConfigError suggesting the closest name for a typo', () => {
    const error = thrownBy(() => selectMutators(['swap-eror-result']));
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'mutators: unknown mutator "swap-eror-result". Did you mean "swap-error-result"? Run envelope-mutants mutators for the list.',
    );
  });

  it('should list the valid names when nothing is close', () => {
    const error = thrownBy(() => selectMutators(['zzz']));
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^mutators: unknown mutator "zzz"\. Valid mutators: swap-error-result, remove-is-error, .*reuse-attempt-id\. Run envelope-mutants mutators for the list\.$/,
    );
  });

  it('should throw a ConfigError for an empty list', () => {
    expect(isConfigError(thrownBy(() => selectMutators([])))).toBe(true);
  });
});
