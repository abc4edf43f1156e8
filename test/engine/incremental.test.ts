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
