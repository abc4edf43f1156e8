import { describe, expect, it } from 'vitest';
import { allMutators, harmlessMutators } from '../../mutators/index.js';
import { isConfigError } from '../../src/errors.js';
import { selectMutatorNames, selectMutators } from '../../src/config/select-mutators.js';

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
    expect((error as Error).message).toMatch(
      /^mutators\[0\]: unknown mutator "swap-eror-result"\. Did you mean "swap-error-result"\? Known mutators: swap-error-result, .* \(see `envelope-mutants mutators`\)\.$/,
    );
  });

  it('should list the valid names when nothing is close', () => {
    const error = thrownBy(() => selectMutators(['zzz']));
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^mutators\[0\]: unknown mutator "zzz"\. Known mutators: swap-error-result, remove-is-error, .*reuse-attempt-id, .*leak-challenge-canary, .*reword-message, add-extension-member, reorder-members, reformat-json-text, renumber-request-id \(see `envelope-mutants mutators`\)\.$/,
    );
  });

  it('should give one line per unknown name, each starting with where it came from', () => {
    const error = thrownBy(() =>
      selectMutatorNames(['nope-a', 'leak-canary', 'leak-canry'], 'x.json'),
    );
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('x.json: mutators[0]: unknown mutator "nope-a".');
    expect(lines[1]).toMatch(
      /^x\.json: mutators\[2\]: unknown mutator "leak-canry"\. Did you mean "leak-canary"\? Known mutators: /,
    );
    expect(lines).toHaveLength(2);
  });

  it('should select every harmless mutator by the name harmless, after the others', () => {
    const names = selectMutators(['harmless', 'change-id']).map((mutator) => mutator.name);
    expect(names).toStrictEqual(['change-id', ...harmlessMutators.map((mutator) => mutator.name)]);
  });

  it('should throw a ConfigError for an empty list, saying how to run them all', () => {
    const error = thrownBy(() => selectMutators([]));
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'mutators: the list is empty. Name at least one mutator, or remove the key to run them all.',
    );
  });
});

describe('selectMutators typo suggestions', () => {
  /** The name the message suggests, or undefined when it lists the valid names instead. */
  const suggestionFor = (name: string): string | undefined => {
    const message = (thrownBy(() => selectMutators([name])) as Error).message;
    if (!message.includes('Did you mean')) return undefined;
    return /Did you mean "([^"]+)"\?/.exec(message)?.[1] ?? `unexpected message: ${message}`;
  };

  it('should suggest a name exactly two edits away from a short name', () => {
    // Arrange: "chnge-d" is 7 characters (limit 2) and 2 edits from "change-id".
    // Act
    const suggestion = suggestionFor('chnge-d');

    // Assert
    expect(suggestion).toBe('change-id');
  });

  it('should not suggest a name three edits away from a short name', () => {
    // "cange-dZ" is 8 characters (limit 2) and 3 edits from "change-id", the last one trailing.
    expect(suggestionFor('cange-dZ')).toBeUndefined();
  });

  it('should allow a third of a long name in edits', () => {
    // 14 characters: limit 4; 3 edits from "swap-error-result".
    expect(suggestionFor('swp-eror-reslt')).toBe('swap-error-result');
  });

  it('should count every letter of a short name, not just a matching suffix', () => {
    expect(suggestionFor('id')).toBeUndefined();
    expect(suggestionFor('x')).toBeUndefined();
    expect(suggestionFor('result')).toBeUndefined();
    expect(suggestionFor('error-result')).toBeUndefined();
  });

  it('should suggest the closest name even when a farther one comes first in the catalogue', () => {
    // "drp-both-members" is 1 edit from "drop-both-members", 5 from the earlier "insert-both-members".
    expect(suggestionFor('drp-both-members')).toBe('drop-both-members');
    expect(suggestionFor('drsert-both-members')).toBe('insert-both-members');
  });

  it('should suggest names on each side of a one-letter typo', () => {
    expect(suggestionFor('leak-canry')).toBe('leak-canary');
    expect(suggestionFor('remove-is-eror')).toBe('remove-is-error');
  });

  it('should suggest the name whatever the case of the typo', () => {
    expect(suggestionFor('Leak-Canary')).toBe('leak-canary');
    expect(suggestionFor('LEAK-CANARY')).toBe('leak-canary');
  });
});
