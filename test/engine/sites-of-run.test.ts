import { describe, expect, it } from 'vitest';
import {
  allMutators,
  harmlessMutators,
  renumberRequestId,
  reorderMembers,
} from '../../mutators/index.js';
import { generateMutants } from '../../src/engine/generate-mutants.js';
import { sitesOfRun } from '../../src/engine/sites-of-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROTOCOL_ERROR, siteOf } from '../mutators/fixtures.js';

const options = { taxonomy: resolveTaxonomy({ profile: 'mcp-2025-11-25' }), seed: 7, canaries: [] };
const sites = [
  siteOf('t1#0', 'envelope', PROTOCOL_ERROR),
  siteOf('t1#request-id#0', 'request-id', 41),
];

describe('request-id sites in a run', () => {
  it('should leave allocation sites out of a run whose mutators cannot change an id', () => {
    // Act
    const kept = [allMutators, [reorderMembers]].map((mutators) => sitesOfRun(sites, mutators));

    // Assert
    expect(kept.map((list) => list.map((each) => each.key))).toEqual([['t1#0'], ['t1#0']]);
  });

  it('should keep them in a run with renumber-request-id, its only mutator', () => {
    // Act
    const kept = sitesOfRun(sites, harmlessMutators);
    const mutants = generateMutants(kept, [...allMutators, ...harmlessMutators], options);

    // Assert
    expect(kept.map((each) => each.key)).toEqual(['t1#0', 't1#request-id#0']);
    const onAllocation = mutants.filter((mutant) => mutant.siteKey === 't1#request-id#0');
    expect(onAllocation.map((mutant) => mutant.mutatorName)).toEqual([renumberRequestId.name]);
    const onEnvelope = mutants.filter((mutant) => mutant.siteKey === 't1#0');
    expect(onEnvelope.length).toBeGreaterThan(0);
    expect(onEnvelope.map((mutant) => mutant.mutatorName)).not.toContain(renumberRequestId.name);
  });
});
