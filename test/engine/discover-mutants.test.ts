import { describe, expect, test } from 'vitest';
import { discoverMutants } from '../../src/engine/discover-mutants.js';
import { simulatedProject, simulatedRunOptions } from './simulated-project.js';

describe('discoverMutants', () => {
  test('should discover in the project pool, generate the mutants and close the session', async () => {
    // Arrange
    const project = simulatedProject({ tests: ['t1', 't2'], behave: () => 'pass' });
    // Act
    const discovered = await discoverMutants(simulatedRunOptions(), project.open);
    // Assert
    expect(project.opened.map((o) => [o.pool, o.plans.map((p) => p.mode), o.closed])).toEqual([
      ['project', ['record'], 1],
    ]);
    expect(discovered.sites.map((site) => site.key)).toEqual(['t1#0', 't2#0']);
    expect(discovered.tests.map((test) => test.id)).toEqual(['t1', 't2']);
    expect(discovered.mutants).toHaveLength(6);
  });

  test('should close the session when the suite fails without mutants', async () => {
    const project = simulatedProject({ tests: ['t1'], behave: () => 'pass', failing: ['t1'] });

    await expect(discoverMutants(simulatedRunOptions(), project.open)).rejects.toThrow(
      /^discovery: the suite fails without any mutant\n {2}- a\.test\.ts > should answer t1: jsonrpc\.version/,
    );
    expect(project.opened.map((o) => o.closed)).toEqual([1]);
  });
});
