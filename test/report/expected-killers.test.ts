import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { expectedKillersOf } from '../../src/report/expected-killers.js';
import { must } from '../support/make-run.js';

describe('expectedKillersOf', () => {
  it('should give the expected killers of a catalogue mutator', () => {
    const mutator = must(allMutators[0]);

    expect(expectedKillersOf(mutator.name)).toEqual(mutator.expectedKillers);
    expect(expectedKillersOf(mutator.name).length).toBeGreaterThan(0);
  });

  it('should give none for a name the catalogue does not have', () => {
    expect(expectedKillersOf('no-such-mutator')).toEqual([]);
  });
});
