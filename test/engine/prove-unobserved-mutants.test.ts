import { describe, expect, test } from 'vitest';
import type { Discovery } from '../../src/engine/discover.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { proveUnobservedMutants } from '../../src/engine/prove-unobserved-mutants.js';
import { EMPTY_OUTCOME, type RoundOutcome } from '../../src/engine/round-outcome.js';
import type { ReadLog } from '../../src/taps/tap-protocol.js';
import { copyReading, discoveryOutcome, errorSite, fakeSession } from './pool-fixtures.js';
import { collectSites, collectTests } from '../../src/engine/collect-sites.js';

const SITE = errorSite('t1#0');
const OUTCOME = discoveryOutcome([{ id: 't1', sites: [SITE] }]);
const REFERENCE: Discovery = {
  sites: collectSites(OUTCOME),
  tests: collectTests(OUTCOME),
  outcome: OUTCOME,
};
const [site] = REFERENCE.sites;
if (site === undefined) throw new Error('the discovery fixture records no site');

/** A change-id mutant of the site: only `id` differs. */
const ENTRY: RoundMutant = {
  mutant: {
    id: 'm1',
    siteKey: 't1#0',
    mutatorName: 'change-id',
    variantIndex: 0,
    replacement: 'id 1 → 2',
    path: ['id'],
    value: { ...(SITE.value as object), id: 2 },
  },
  site,
  expectedKillers: ['jsonrpc.id'],
};

const READS_ERROR: ReadLog = { reads: [{ op: 'value', path: ['error'] }] };
const READS_ID: ReadLog = { reads: [{ op: 'value', path: ['id'] }] };

function prove(screen: ReadLog, tracked: RoundOutcome) {
  const session = fakeSession(EMPTY_OUTCOME, undefined, tracked);
  const phases: string[] = [];
  const proof = proveUnobservedMutants([ENTRY], {
    session,
    screen: new Map([['t1#0', screen]]),
    reference: REFERENCE,
    root: '/project',
    reporter: { onPhase: (phase) => phases.push(phase) },
  });
  return { proof, session, phases };
}

describe('proveUnobservedMutants', () => {
  test("should prove a mutant the site's own tracked copy never reads", async () => {
    // Arrange
    const { proof, session, phases } = prove(READS_ERROR, copyReading(READS_ERROR));
    // Act
    const { proven } = await proof;
    // Assert
    expect(proven.map((result) => [result.id, result.status, result.verdictSource])).toEqual([
      ['m1', 'Survived', 'unobserved'],
    ]);
    expect(session.runs()).toBe(1);
    expect(phases).toEqual(['track-reads']);
  });

  test("should prove nothing where the site's tracked copy reads what the screen did not", async () => {
    // Arrange: the screen, whose views at other sites may change the path, skipped the id that
    // the site's own copy reads; or a suite that reads a member picked at random.
    const { proof } = prove(READS_ERROR, copyReading(READS_ID));
    // Act
    const { proven, rest } = await proof;
    // Assert
    expect(proven).toEqual([]);
    expect(rest).toEqual([ENTRY]);
  });

  test('should prove nothing with a tracked copy that said something else than the reference', async () => {
    // Arrange
    const { proof } = prove(READS_ERROR, copyReading(READS_ERROR, 'failed'));
    // Act
    const { proven } = await proof;
    // Assert
    expect(proven).toEqual([]);
  });

  test('should prove nothing where the tracked copy reads more than the screen did', async () => {
    // Arrange: both read `error`; the copy also reads `id`, which the mutant changes.
    const more: ReadLog = { reads: [...READS_ERROR.reads, { op: 'value', path: ['id'] }] };
    // Act
    const { proven } = await prove(READS_ERROR, copyReading(more)).proof;
    const { proven: alike } = await prove(more, copyReading(more)).proof;
    // Assert: unproven whether or not the screen agrees, for the copy reads the id.
    expect(proven).toEqual([]);
    expect(alike).toEqual([]);
  });

  test('should prove nothing where the copy reads an unchanged member the screen never read', async () => {
    // Arrange: the copy reads `jsonrpc` besides `error`; the mutant changes neither.
    const other: ReadLog = { reads: [...READS_ERROR.reads, { op: 'value', path: ['jsonrpc'] }] };
    // Act
    const { proven } = await prove(READS_ERROR, copyReading(other)).proof;
    // Assert: the runs read differently, so the reads may change from run to run.
    expect(proven).toEqual([]);
    // The negative control: the same reads in both runs prove it.
    const { proven: alike } = await prove(other, copyReading(other)).proof;
    expect(alike.map((result) => result.id)).toEqual(['m1']);
  });

  test('should run no tracked copy where the screen proves nothing', async () => {
    // Arrange
    const { proof, session, phases } = prove(READS_ID, copyReading(READS_ERROR));
    // Act
    const { proven } = await proof;
    // Assert
    expect(proven).toEqual([]);
    expect(session.runs()).toBe(0);
    expect(phases).toEqual([]);
  });
});
