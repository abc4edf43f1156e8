import { describe, expect, it } from 'vitest';
import { canaryFor } from '../../mutators/_canary.js';
import { show } from '../../mutators/_show.js';
import { CANARY_PATTERN } from '../../src/oracle/leak-patterns.js';
import { mutatorContext } from './fixtures.js';

const SEEDS = Array.from({ length: 16 }, (_, index) => index + 1);

describe('canaryFor', () => {
  it('should plant only non-empty project canaries', () => {
    // A non-string slips past the config types only through a cast: it is skipped all the same.
    const canaries = ['', 42, 'sk-project-one', '', 'sk-project-two'] as unknown as string[];
    const drawn = new Set(SEEDS.map((seed) => canaryFor(mutatorContext({ seed, canaries }))));
    expect(drawn).toStrictEqual(new Set(['sk-project-one', 'sk-project-two']));
  });

  it('should generate a canary of the default pattern when every project canary is empty', () => {
    const canary = canaryFor(mutatorContext({ canaries: [''] }));
    expect(canary).toMatch(CANARY_PATTERN);
  });
});

describe('show', () => {
  it('should show values as JSON and absence as absent', () => {
    expect(show('41')).toBe('"41"');
    expect(show(41)).toBe('41');
    expect(show(undefined)).toBe('absent');
    expect(show({ a: [1] })).toBe('{"a":[1]}');
  });

  it('should show a value JSON cannot hold as text, without throwing', () => {
    expect(show(10n)).toBe('the bigint 10n');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(show(cycle)).toBe('an object');
  });

  it('should keep 30 characters of text and cut longer text to 30 and an ellipsis', () => {
    const exact = 'a'.repeat(30);
    expect(show(exact)).toBe(`"${exact}"`);
    const long = 'b'.repeat(31);
    expect(show(long)).toBe(`"${'b'.repeat(30)}…"`);
    expect(show({ key: 'c'.repeat(30) })).toBe(`{"key":"${'c'.repeat(22)}…`);
  });
});
