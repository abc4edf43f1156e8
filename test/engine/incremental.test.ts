import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { MutantStatus } from '../../src/mutant/mutation-run.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { createIncremental, formatReuse } from '../../src/engine/incremental.js';
import { entry, NO_HELPERS, runOf, TESTS } from './incremental-fixture.js';

/** The temporary projects made by `project`, removed once the file is done. */
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project(version = 1): { root: string; options: Parameters<typeof createIncremental>[0] } {
  const root = mkdtempSync(join(tmpdir(), 'incremental-'));
  roots.push(root);
  writeFileSync(join(root, 'a.spec.ts'), 'a');
  writeFileSync(join(root, 'b.spec.ts'), 'b');
  const mutators = [{ name: 'change-id', version } as Mutator];
  const stateFile = join(root, 'reports', 'incremental.json');
  return { root, options: { stateFile, root, force: false, mutators, identity: { seed: 1 } } };
}

/** Runs once with `entries` (statuses from `status`), then asks the next run what it reuses. */
async function reusedAfter(
  options: Parameters<typeof createIncremental>[0],
  entries: readonly RoundMutant[],
  status: (id: string) => MutantStatus,
  next: Partial<Parameters<typeof createIncremental>[0]> = {},
  nextEntries: readonly RoundMutant[] = entries,
): Promise<string[]> {
  const first = createIncremental(options);
  await first.reuse(entries, TESTS, NO_HELPERS);
  await first.save(runOf(entries, status));
  const second = createIncremental({ ...options, ...next });
  return [...(await second.reuse(nextEntries, TESTS, NO_HELPERS)).keys()].sort();
}

const ENTRIES = [entry('m1', 'a1'), entry('m2', 'b1')];

describe('createIncremental', () => {
  test('should reuse every saved verdict while nothing changed', async () => {
    // Arrange
    const { options } = project();
    // Act / Assert
    expect(await reusedAfter(options, ENTRIES, () => 'Killed')).toEqual(['m1', 'm2']);
  });

  test('should reuse nothing on a first run', async () => {
    // Arrange
    const { options } = project();
    // Act / Assert
    expect((await createIncremental(options).reuse(ENTRIES, TESTS, NO_HELPERS)).size).toBe(0);
  });

  test('should rerun the Pending mutants of an interrupted run', async () => {
    // Arrange
    const { options } = project();
    // Act / Assert
    const status = (id: string): MutantStatus => (id === 'm2' ? 'Pending' : 'Survived');
    expect(await reusedAfter(options, ENTRIES, status)).toEqual(['m1']);
  });

  test('should rerun a mutant whose run met another envelope at its site than planned', async () => {
    // Arrange: m2's verdict judged another envelope (a key that names another one from run to
    // run): no reference verdict to keep.
    const { options } = project();
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, NO_HELPERS);
    const run = runOf(ENTRIES, () => 'Survived');
    const strayed = { planned: 'a tool error', met: 'a success' };
    const mutants = run.mutants.map((m) => (m.id === 'm2' ? { ...m, strayed } : m));
    await first.save({ ...run, mutants });
    // Act
    const reused = await createIncremental(options).reuse(ENTRIES, TESTS, NO_HELPERS);
    // Assert
    expect([...reused.keys()]).toEqual(['m1']);
  });

  test('should rerun the mutants of a test file whose contents changed', async () => {
    // Arrange
    const { root, options } = project();
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, NO_HELPERS);
    await first.save(runOf(ENTRIES, () => 'Killed'));
    writeFileSync(join(root, 'b.spec.ts'), 'b, edited');
    // Act
    const reused = await createIncremental(options).reuse(ENTRIES, TESTS, NO_HELPERS);
    // Assert
    expect([...reused.keys()]).toEqual(['m1']);
  });

  test('should rerun the mutants of a test file whose helper changed', async () => {
    // Arrange: a.spec.ts imports helper.ts; b.spec.ts imports nothing of the project.
    const { root, options } = project();
    writeFileSync(join(root, 'helper.ts'), 'export const check = true;');
    const dependsOn = new Map([
      ['a.spec.ts', ['helper.ts']],
      ['b.spec.ts', []],
    ]);
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, dependsOn);
    await first.save(runOf(ENTRIES, () => 'Killed'));
    const unchanged = await createIncremental(options).reuse(ENTRIES, TESTS, dependsOn);
    writeFileSync(join(root, 'helper.ts'), 'export const check = false;');
    // Act
    const reused = await createIncremental(options).reuse(ENTRIES, TESTS, dependsOn);
    // Assert; the negative control: while the helper was as it was, both were reused.
    expect([...reused.keys()]).toEqual(['m2']);
    expect([...unchanged.keys()].sort()).toEqual(['m1', 'm2']);
  });

  test('should neither reuse nor save a verdict whose test file has unknown dependencies', async () => {
    // Arrange: vite held no module graph of b.spec.ts (Node loaded it).
    const { options } = project();
    const partly = new Map([['a.spec.ts', []]]);
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, partly);
    await first.save(runOf(ENTRIES, () => 'Killed'));
    // Act
    const reused = await createIncremental(options).reuse(ENTRIES, TESTS, NO_HELPERS);
    // Assert: only m1 was saved, and so only m1 comes back once both are known.
    expect([...reused.keys()]).toEqual(['m1']);
  });

  test('should rerun a mutant whose site envelope changed', async () => {
    // Arrange
    const { options } = project();
    const changed = [entry('m1', 'a1', { id: 'other' }), entry('m2', 'b1')];
    // Act / Assert
    expect(await reusedAfter(options, ENTRIES, () => 'Killed', {}, changed)).toEqual(['m2']);
  });

  test('should rerun all when the mutator version, the identity or --force changes', async () => {
    // Arrange
    const killed = (): MutantStatus => 'Killed';
    const bumped = { mutators: [{ name: 'change-id', version: 2 } as Mutator] };
    // Act / Assert
    expect(await reusedAfter(project().options, ENTRIES, killed, bumped)).toEqual([]);
    expect(await reusedAfter(project().options, ENTRIES, killed, { identity: 2 })).toEqual([]);
    expect(await reusedAfter(project().options, ENTRIES, killed, { force: true })).toEqual([]);
  });
});

describe('createIncremental on a damaged state file', () => {
  /**
   * The state a run saved, rewritten by `damage`, then what the next run reuses (`unused`: why
   * it reused nothing, as the console line says it).
   */
  async function reusedFrom(
    damage: (saved: Record<string, unknown>) => unknown,
    unused: { said?: string | undefined } = {},
  ): Promise<string[]> {
    const { options } = project();
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, NO_HELPERS);
    await first.save(runOf(ENTRIES, () => 'Killed'));
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as Record<string, unknown>;
    const text = damage(saved);
    writeFileSync(options.stateFile, typeof text === 'string' ? text : JSON.stringify(text));
    const next = createIncremental(options);
    const reused = [...(await next.reuse(ENTRIES, TESTS, NO_HELPERS)).keys()];
    unused.said = next.unused();
    return reused;
  }

  test('should reuse the saved state as it was written (the control)', async () => {
    const unused: { said?: string | undefined } = {};
    expect(await reusedFrom((saved) => saved, unused)).toEqual(['m1', 'm2']);
    expect(unused.said).toBeUndefined();
  });

  test.each<[string, (saved: Record<string, unknown>) => unknown, string]>([
    ['torn', (saved) => JSON.stringify(saved).slice(0, 40), 'is not valid JSON'],
    ['not a state', () => 42, 'is not an incremental state of envelope-mutants'],
    ['of another version', (saved) => ({ ...saved, version: 0 }), 'another version'],
    ['of another config', (saved) => ({ ...saved, identity: 'x' }), 'the config changed'],
  ])('should say why it reused nothing from a state file %s', async (_, damage, why) => {
    // Before, a damaged state file was replaced without a word: the user saw a full rerun only.
    const unused: { said?: string | undefined } = {};
    expect(await reusedFrom(damage, unused)).toEqual([]);
    expect(unused.said).toContain(`incremental.json`);
    expect(unused.said).toContain(why);
  });

  test.each<[string, (saved: Record<string, unknown>) => unknown]>([
    ['torn in the middle of a write', (saved) => JSON.stringify(saved).slice(0, 40)],
    ['a number', () => 42],
    ['null', () => null],
    ['of another version', (saved) => ({ ...saved, version: 0 })],
    ['with a version that is not a number', (saved) => ({ ...saved, version: '1' })],
    ['with an identity that is not a string', (saved) => ({ ...saved, identity: 7 })],
    ['with no verdicts', (saved) => ({ ...saved, verdicts: null })],
    ['with verdicts that are not an object', (saved) => ({ ...saved, verdicts: 'all' })],
  ])('should test every mutant again when the state is %s', async (_, damage) => {
    expect(await reusedFrom(damage)).toEqual([]);
  });
});

describe('createIncremental on a damaged saved verdict', () => {
  /** The `verdicts` of the state file, as a hand edits them. */
  type Verdicts = Record<string, unknown>;

  /** A run of `entries` saved, its verdicts rewritten by `damage`, then the next run's reuse. */
  async function reuseAfter(
    damage: (verdicts: Verdicts) => void,
    entries: readonly RoundMutant[] = ENTRIES,
  ): Promise<{ reused: Map<string, unknown>; damaged: string | undefined; file: string }> {
    const { options } = project();
    const first = createIncremental(options);
    await first.reuse(entries, TESTS, NO_HELPERS);
    await first.save(runOf(entries, () => 'Killed'));
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as { verdicts: Verdicts };
    damage(saved.verdicts);
    writeFileSync(options.stateFile, JSON.stringify(saved));
    const next = createIncremental(options);
    const reused = new Map(await next.reuse(entries, TESTS, NO_HELPERS));
    return { reused, damaged: next.damaged(), file: options.stateFile };
  }

  /** The saved entry of `id`, to damage. */
  const entryOf = (verdicts: Verdicts, id: string): Record<string, unknown> => {
    const verdict = verdicts[id];
    if (typeof verdict !== 'object' || verdict === null) throw new Error(`no entry of ${id}`);
    return verdict as Record<string, unknown>;
  };
  /** The saved result of `id`, to damage. */
  const resultOf = (verdicts: Verdicts, id: string): Record<string, unknown> =>
    entryOf(entryOf(verdicts, id), 'result');

  test('should reuse every intact verdict and say nothing (the control)', async () => {
    const { reused, damaged } = await reuseAfter(() => undefined);
    expect([...reused.keys()].sort()).toEqual(['m1', 'm2']);
    expect(damaged).toBeUndefined();
  });

  test('should test again a verdict whose status is damaged, and say so', async () => {
    // Before, it was reused, and the report writers crashed at the end of the run (exit 3).
    const { reused, damaged } = await reuseAfter((verdicts) => {
      resultOf(verdicts, 'm2')['status'] = 'Bogus';
    });
    expect([...reused.keys()]).toEqual(['m1']);
    expect(damaged).toBe(
      'incremental: 1 saved verdict was damaged (m2: result.status "Bogus" is not one of Killed, Survived, Timeout, NoCoverage, RuntimeError, Ignored) and runs again',
    );
  });

  test.each<[string, (result: Record<string, unknown>) => void, string]>([
    ['a result that is only a bogus status', (r) => keepOnly(r, { status: 'Bogus' }), '"Bogus"'],
    ['a Pending status, which no run saves', (r) => (r['status'] = 'Pending'), '"Pending"'],
    ['no status', (r) => delete r['status'], 'result.status is missing'],
    ['no siteKey', (r) => delete r['siteKey'], 'result.siteKey is missing'],
    ['no killedBy', (r) => delete r['killedBy'], 'result.killedBy is missing'],
    ['no path', (r) => delete r['path'], 'result.path is missing'],
    ['a siteKey that is a number', (r) => (r['siteKey'] = 7), 'result.siteKey is not a string'],
    ['killedBy a string', (r) => (r['killedBy'] = 'b1'), 'killedBy is not an array of strings'],
    ['coveredBy holding null', (r) => (r['coveredBy'] = [null]), '(it holds null)'],
    ['a path holding an object', (r) => (r['path'] = [{}]), 'result.path is not an array'],
    ['a statusReason of null', (r) => (r['statusReason'] = null), 'statusReason is not a string'],
    ['the id of another mutant', (r) => (r['id'] = 'm1'), `result.id "m1" is not the entry's id`],
    ['a bogus verdictSource', (r) => (r['verdictSource'] = 'guessed'), 'verdictSource "guessed"'],
    ['killedAt a string', (r) => (r['killedAt'] = 'b1'), 'result.killedAt is not an object'],
    [
      'a killedAt rule that is no rule',
      (r) => (r['killedAt'] = { test: 'b1', rule: 'jsonrpc.bogus', named: false }),
      'result.killedAt.rule "jsonrpc.bogus" is neither a rule name nor null',
    ],
    [
      'a killedAt without named',
      (r) => (r['killedAt'] = { test: 'b1', rule: null }),
      'result.killedAt.named is missing',
    ],
  ])('should test again a verdict with %s, and name it', async (_, damage, problem) => {
    const { reused, damaged } = await reuseAfter((verdicts) => damage(resultOf(verdicts, 'm2')));
    expect([...reused.keys()]).toEqual(['m1']);
    expect(damaged).toMatch(/^incremental: 1 saved verdict was damaged \(m2: .+\) and runs again$/);
    expect(damaged).toContain(problem);
  });

  test.each<[string, (verdicts: Verdicts) => void, string]>([
    ['null', (verdicts) => (verdicts['m2'] = null), 'the entry is null, not an object'],
    [
      'without a result',
      (verdicts) => delete entryOf(verdicts, 'm2')['result'],
      'result is missing',
    ],
    [
      'with a numeric fingerprint',
      (verdicts) => (entryOf(verdicts, 'm2')['fingerprint'] = 1),
      'fingerprint is not a string (a number)',
    ],
  ])('should test again a verdict entry that is %s, and name it', async (_, damage, problem) => {
    const { reused, damaged } = await reuseAfter(damage);
    expect([...reused.keys()]).toEqual(['m1']);
    expect(damaged).toContain(`(m2: `);
    expect(damaged).toContain(problem);
  });

  test('should accept the optional fields a run saves when they are whole', async () => {
    // The negative control of the checks of statusReason, killedAt and verdictSource.
    const { reused, damaged } = await reuseAfter((verdicts) => {
      Object.assign(resultOf(verdicts, 'm2'), {
        statusReason: 'expected 1 to be 2',
        killedAt: { test: 'b1', rule: 'jsonrpc.id', named: true, timedOut: false },
        verdictSource: 'batched',
      });
    });
    expect([...reused.keys()].sort()).toEqual(['m1', 'm2']);
    expect(damaged).toBeUndefined();
  });

  test('should count the damaged verdicts past the first three', async () => {
    const entries = ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => entry(id, 'a1'));
    const { reused, damaged } = await reuseAfter((verdicts) => {
      for (const id of Object.keys(verdicts)) delete resultOf(verdicts, id)['coveredBy'];
    }, entries);
    expect(reused.size).toBe(0);
    expect(damaged).toBe(
      'incremental: 5 saved verdicts were damaged (m1: result.coveredBy is missing; m2: result.coveredBy is missing; m3: result.coveredBy is missing; and 2 more) and run again',
    );
  });

  /** A state file where every mutant was killed, then m2's status damaged by hand. */
  async function savedWithM2Damaged(): Promise<ReturnType<typeof project>['options']> {
    const { options } = project();
    const first = createIncremental(options);
    await first.reuse(ENTRIES, TESTS, NO_HELPERS);
    await first.save(runOf(ENTRIES, () => 'Killed'));
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as { verdicts: Verdicts };
    resultOf(saved.verdicts, 'm2')['status'] = 'Bogus';
    writeFileSync(options.stateFile, JSON.stringify(saved));
    return options;
  }

  test('should replace a damaged verdict with the one the run judges', async () => {
    // Before, the damaged entry stayed in the file, and every later run failed the same way.
    const options = await savedWithM2Damaged();
    const second = createIncremental(options);
    await second.reuse(ENTRIES, TESTS, NO_HELPERS);
    await second.save(runOf(ENTRIES, (id) => (id === 'm1' ? 'Killed' : 'Survived')));
    // Act
    const third = createIncremental(options);
    const reused = await third.reuse(ENTRIES, TESTS, NO_HELPERS);
    // Assert: m2 as the second run judged it, and nothing damaged left.
    expect([...reused.keys()].sort()).toEqual(['m1', 'm2']);
    expect(reused.get('m1')?.status).toBe('Killed');
    expect(reused.get('m2')?.status).toBe('Survived');
    expect(third.damaged()).toBeUndefined();
  });

  test('should neither name nor drop the damaged verdict of a mutant the run skips', async () => {
    // Another shard's mutant: the run that tests it is the one that says it was damaged.
    const options = await savedWithM2Damaged();
    const onlyM1 = ENTRIES.filter((each) => each.mutant.id === 'm1');
    const second = createIncremental(options);
    const reusedBySecond = await second.reuse(onlyM1, TESTS, NO_HELPERS);
    await second.save(runOf(onlyM1, () => 'Killed'));
    // Act
    const third = createIncremental(options);
    const reusedByThird = await third.reuse(ENTRIES, TESTS, NO_HELPERS);
    // Assert
    expect([...reusedBySecond.keys()]).toEqual(['m1']);
    expect(second.damaged()).toBeUndefined();
    expect([...reusedByThird.keys()]).toEqual(['m1']);
    expect(third.damaged()).toContain('(m2: result.status "Bogus"');
  });

  test('should reuse a verdict under its mutant’s site, whatever site the saved copy names', async () => {
    // A saved siteKey that names no site of the run made the JSON report throw: the site, the
    // mutator, the replacement and the path are the mutant's, which the fingerprint vouches for.
    const { reused, damaged } = await reuseAfter((verdicts) => {
      Object.assign(resultOf(verdicts, 'm2'), {
        siteKey: 'elsewhere',
        mutatorName: 'other',
        replacement: '[redacted $TOKEN]',
        path: ['other'],
      });
    });
    expect(damaged).toBeUndefined();
    expect(reused.get('m2')).toMatchObject({
      id: 'm2',
      siteKey: 'site-m2',
      mutatorName: 'change-id',
      replacement: 'id 1 → 2',
      path: ['id'],
      status: 'Killed',
    });
  });
});

/** Empties `record`, then gives it `fields`: a result rewritten whole by hand. */
function keepOnly(record: Record<string, unknown>, fields: Record<string, unknown>): void {
  for (const key of Object.keys(record)) Reflect.deleteProperty(record, key);
  Object.assign(record, fields);
}

describe('formatReuse', () => {
  test('should state the reuse rate', () => {
    // Act / Assert
    expect(formatReuse(3, 4)).toBe('incremental: reused 3 of 4 verdicts (75.0%), tested 1');
    expect(formatReuse(0, 0)).toBe('incremental: reused 0 of 0 verdicts (n/a), tested 0');
  });

  test('should say why nothing was reused, after the counts', () => {
    expect(formatReuse(0, 4, 4, 'incremental.json is not valid JSON')).toBe(
      'incremental: reused 0 of 4 verdicts (0.0%), tested 4 (incremental.json is not valid JSON)',
    );
  });

  test('should count as tested only the mutants an interrupted run reached', () => {
    expect(formatReuse(0, 156, 7)).toBe(
      'incremental: reused 0 of 156 verdicts (0.0%), tested 7, not tested 149 (the run was interrupted)',
    );
  });
});
