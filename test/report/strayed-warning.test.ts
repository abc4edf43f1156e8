import { describe, expect, test } from 'vitest';
import { strayedWarning } from '../../src/report/strayed-warning.js';
import { makeRun, makeRunOf, survived } from '../support/make-run.js';

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
});
