import { afterAll, describe, expect, it } from 'vitest';
import { allMutators, harmlessMutators } from '../../mutators/index.js';
import { isConfigError } from '../../src/errors.js';
import { loadConfig } from '../../src/config/load-config.js';
import { selectMutators } from '../../src/config/select-mutators.js';
import { projectWithJson, removeProjects } from './config-fixture.js';

afterAll(removeProjects);

const HARMLESS = harmlessMutators.map((mutator) => mutator.name);

describe('loadConfig with harmless mutators', () => {
  it('should leave the harmless mutators out of a run that names no mutator', async () => {
    const config = await loadConfig({ cwd: projectWithJson({}) });

    expect(config.mutators).toEqual(allMutators.map((mutator) => mutator.name));
    expect(config.mutators.some((name) => HARMLESS.includes(name))).toBe(false);
  });

  it('should run a harmless mutator the config names, after the others', async () => {
    const root = projectWithJson({ mutators: ['reword-message', 'change-id'] });

    const config = await loadConfig({ cwd: root });

    expect(config.mutators).toEqual(['change-id', 'reword-message']);
    expect(selectMutators(config.mutators).map((mutator) => mutator.name)).toEqual([
      'change-id',
      'reword-message',
    ]);
  });

  it('should expand the name harmless to every harmless mutator', async () => {
    const config = await loadConfig({
      cwd: projectWithJson({}),
      overrides: { mutators: ['harmless'] },
    });

    expect(config.mutators).toEqual(HARMLESS);
  });

  it('should read thresholds.brittle and reject one above 100', async () => {
    const config = await loadConfig({ cwd: projectWithJson({ thresholds: { brittle: 0 } }) });
    const error = await loadConfig({
      cwd: projectWithJson({ thresholds: { brittle: 120 } }),
    }).catch((caught: unknown) => caught);

    expect(config.thresholds.brittle).toBe(0);
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toContain('thresholds.brittle');
  });
});
