import { describe, expect, test } from 'vitest';
import { collectSites, collectTests } from '../../src/engine/collect-sites.js';
import type { Discovery } from '../../src/engine/discover.js';
import { EMPTY_OUTCOME, type RoundOutcome } from '../../src/engine/round-outcome.js';
import { screenSites, trackSites } from '../../src/engine/track-sites.js';
import { splitInstance, type ReadLog, type TapPlan } from '../../src/taps/tap-protocol.js';
import { copyReading, discoveryOutcome, errorSite, fakeSession } from './pool-fixtures.js';

const OUTCOME = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')] }]);
const REFERENCE: Discovery = {
  sites: collectSites(OUTCOME),
  tests: collectTests(OUTCOME),
  outcome: OUTCOME,
};
const SITES = REFERENCE.sites;

const READS: ReadLog = {
  reads: [
    { op: 'value', path: ['error'] },
    { op: 'has', path: ['result'] },
  ],
};

/** A session whose runs say `outcome` of every copy, and which keeps the plans it was given. */
function session(copy: RoundOutcome, unhandled: string[] = []) {
  const plans: TapPlan[] = [];
  const fake = fakeSession(EMPTY_OUTCOME);
  fake.run = (plan) => {
    plans.push(plan);
    const tags = Object.keys(plan.instances ?? {});
    const instances = new Map(tags.map((tag) => [tag, copy]));
    return Promise.resolve({
      outcome: { ...EMPTY_OUTCOME, unhandled, instances },
      timedOut: false,
    });
  };
  return { fake, plans };
}

describe('screenSites', () => {
  test('should run one copy of each file, every envelope site tracked, and return its reads', async () => {
    // Arrange
    const { fake, plans } = session(copyReading(READS));
    // Act
    const screen = await screenSites(fake, REFERENCE, '/project');
    // Assert
    expect(screen).toEqual(new Map([['t1#0', READS]]));
    expect(plans.map((plan) => [plan.mode, plan.tracked])).toEqual([['record', { s0: null }]]);
  });

  test('should screen nothing from a copy that says something else than the reference', async () => {
    // Arrange
    const { fake } = session(copyReading(READS, 'failed'));
    // Act
    const screen = await screenSites(fake, REFERENCE, '/project');
    // Assert
    expect(screen).toEqual(new Map());
  });

  test('should screen nothing from a run with an error outside every copy', async () => {
    // Arrange
    const { fake } = session(copyReading(READS), ['Error: boom']);
    // Act
    const screen = await screenSites(fake, REFERENCE, '/project');
    // Assert
    expect(screen).toEqual(new Map());
    // The negative control: the same run without it screens the site.
    const again = await screenSites(session(copyReading(READS)).fake, REFERENCE, '/project');
    expect([...again.keys()]).toEqual(['t1#0']);
  });

  test('should screen nothing from a run that did not finish', async () => {
    // Arrange
    const fake = fakeSession(EMPTY_OUTCOME);
    fake.run = () => Promise.resolve({ outcome: null, timedOut: true });
    // Act
    const screen = await screenSites(fake, REFERENCE, '/project');
    // Assert
    expect(screen).toEqual(new Map());
  });
});

describe('trackSites', () => {
  test('should keep the reads of a copy that read what the screen read, in any order', async () => {
    // Arrange: the same reads, noted in another order.
    const reversed: ReadLog = { reads: [...READS.reads].reverse() };
    const { fake, plans } = session(copyReading(reversed));
    // Act
    const reads = await trackSites(fake, REFERENCE, SITES, '/project', new Map([['t1#0', READS]]));
    // Assert: one copy for the one site, tracking that site alone.
    expect(reads).toEqual(new Map([['t1#0', reversed]]));
    expect(plans.map((plan) => plan.tracked)).toEqual([{ t0: 't1#0' }]);
  });

  test('should keep nothing where the copy and the screen differ in what they read', async () => {
    // Arrange
    const fewer: ReadLog = { reads: READS.reads.slice(0, 1) };
    const opaque: ReadLog = { ...READS, opaque: 'the suite formatted it with util.inspect' };
    // Act
    const dropped = await Promise.all(
      [fewer, opaque].map((log) =>
        trackSites(
          session(copyReading(log)).fake,
          REFERENCE,
          SITES,
          '/project',
          new Map([['t1#0', READS]]),
        ),
      ),
    );
    const unscreened = await trackSites(
      session(copyReading(READS)).fake,
      REFERENCE,
      SITES,
      '/project',
      new Map(),
    );
    // Assert
    expect(dropped).toEqual([new Map(), new Map()]);
    expect(unscreened).toEqual(new Map());
  });

  test('should keep nothing from a run with an error outside every copy', async () => {
    // Arrange
    const { fake } = session(copyReading(READS), ['Error: boom']);
    // Act
    const reads = await trackSites(fake, REFERENCE, SITES, '/project', new Map([['t1#0', READS]]));
    // Assert
    expect(reads).toEqual(new Map());
  });
});

/** `discoveryOutcome`'s one file, renamed `<name>.test.ts`, its test and site named after it. */
function fileNamed(name: string, reads?: ReadLog, state?: 'failed'): RoundOutcome {
  const outcome = discoveryOutcome([
    { id: name, sites: [errorSite(`${name}#0`)], ...(state === undefined ? {} : { state }) },
  ]);
  const file = `${name}.test.ts`;
  const tests = new Map([...outcome.tests].map(([id, test]) => [id, { ...test, file }]));
  const files = new Map(
    [...outcome.files.values()].map((each) => [
      file,
      {
        ...each,
        file,
        moduleId: `/project/${file}`,
        report:
          reads === undefined
            ? undefined
            : { sites: [], applied: [], reads: { [`${name}#0`]: reads } },
      },
    ]),
  );
  return { ...outcome, tests, files };
}

describe('trackSites on a suite of two files', () => {
  // Discovery ran both files; a tracked copy runs its own file alone.
  const a = fileNamed('a');
  const b = fileNamed('b');
  const outcome: RoundOutcome = {
    tests: new Map([...a.tests, ...b.tests]),
    files: new Map([...a.files, ...b.files]),
    unhandled: [],
  };
  const reference: Discovery = {
    sites: collectSites(outcome),
    tests: collectTests(outcome),
    outcome,
  };
  const screen = new Map([
    ['a#0', READS],
    ['b#0', READS],
  ]);

  /** A session whose copies of `<name>.test.ts` say `copyOf(name)`. */
  function perFile(copyOf: (name: string) => RoundOutcome) {
    const fake = fakeSession(EMPTY_OUTCOME);
    fake.run = (_plan, selection) => {
      const instances = new Map(
        [...selection.keys()].map((moduleId) => {
          const { moduleId: file, tag } = splitInstance(moduleId);
          const name = file.replace(/^.*\//, '').replace('.test.ts', '');
          return [tag ?? '', copyOf(name)];
        }),
      );
      return Promise.resolve({ outcome: { ...EMPTY_OUTCOME, instances }, timedOut: false });
    };
    return fake;
  }

  test('should judge each copy against what the reference run said of its own file only', async () => {
    // Act
    const reads = await trackSites(
      perFile((name) => fileNamed(name, READS)),
      reference,
      reference.sites,
      '/project',
      screen,
    );
    // Assert: the other file's tests and sites are not missing from a copy of one file.
    expect(reads).toEqual(screen);
  });

  test('should drop the reads of a copy whose own file said something else', async () => {
    // Act
    const reads = await trackSites(
      perFile((name) => fileNamed(name, READS, name === 'b' ? 'failed' : undefined)),
      reference,
      reference.sites,
      '/project',
      screen,
    );
    // Assert
    expect([...reads.keys()]).toEqual(['a#0']);
  });
});
