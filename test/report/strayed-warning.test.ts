import { describe, expect, test } from 'vitest';
import { strayedWarning } from '../../src/report/strayed-warning.js';
import { makeRun, makeRunOf, survived, TESTS } from '../support/make-run.js';

describe('strayedWarning', () => {
  test('should say nothing of a run whose every mutant met what it was planned on', () => {
    expect(strayedWarning(makeRun())).toBeNull();
  });

  test('should name the first stray, count the strays and their sites, and say how to fix the keys', () => {
    // Arrange
    const run = makeRunOf(survived(), 3);
    const strayed = { planned: 'a tool error', met: 'a success' };
    const mutants = run.mutants.map((mutant, index) =>
      index === 0 ? mutant : { ...mutant, strayed, id: `s${index}` },
    );
    // Act
    const warning = strayedWarning({ ...run, mutants });
    // Assert
    expect(warning).toContain(
      '2 mutants (1 site) met another kind of envelope at their sites than they were planned on',
    );
    expect(warning).toContain(
      `site ${run.mutants[1]?.siteKey} was planned on a tool error and met a success in the run of mutant s1`,
    );
    expect(warning).toMatch(/Give those taps keys of their own/);
  });

  test("should say one mutant in the singular, and name a test's site by its test", () => {
    // Arrange
    const run = makeRunOf(survived(), 3);
    const test = TESTS[0];
    const strayed = { planned: 'a success', met: 'a tool error' };
    const mutants = run.mutants.map((mutant, index) => {
      if (index === 0) return { ...mutant, siteKey: `${test?.id ?? ''}#1`, strayed };
      return index === 1 ? { ...mutant, siteKey: 'other', strayed } : mutant;
    });
    // Act
    const one = strayedWarning({ ...run, mutants: mutants.slice(0, 1) });
    const two = strayedWarning({ ...run, mutants });
    // Assert
    expect(one).toContain(
      `envelope-mutants: 1 mutant met another kind of envelope at its site than it was planned on: site "${test?.file} > ${test?.name}" #1 was planned on a success`,
    );
    expect(two).toContain('2 mutants (2 sites) met');
  });
});
