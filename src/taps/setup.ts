// The setup file the runner appends to the project's setupFiles. It runs in every test worker,
// before each test file: it installs the tap state for the round's plan and sends what the taps
// saw back to the runner through `task.meta` (test-level, and the file's for file-level sites).
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, inject, TestRunner } from 'vitest';
import {
  canonicalTestId,
  decodeTapPlan,
  encodeTapPayload,
  splitInstance,
  TAP_META_KEY,
  TAP_PLAN_KEY,
} from './tap-protocol.js';
import type { TapReport } from './tap-protocol.js';
import {
  activeTapState,
  installTapState,
  makeOpaque,
  newScopeLog,
  readLogsOf,
  toTapReport,
  type Tracking,
} from './tap-state.js';
import { watchSpawns } from './watch-spawns.js';

const plan = decodeTapPlan(inject(TAP_PLAN_KEY));

// Without a plan this file was loaded by a plain vitest run: taps stay the identity.
if (plan !== undefined) {
  // A copy of the file in an instanced round (`file?envelope-mutant=<tag>`) applies its own
  // mutations and names its tests and sites as the file itself does.
  const { moduleId, tag } = splitInstance(expect.getState().testPath ?? '');
  const file = path.relative(plan.root, moduleId).split(path.sep).join('/');
  const prefix = tag === undefined ? undefined : plan.testIdPrefixes?.[file];
  const own = tag === undefined ? plan : { ...plan, mutations: plan.instances?.[tag] ?? {} };
  const idOf = (id: string): string => canonicalTestId(id, prefix);
  const tracked = tag === undefined ? undefined : plan.tracked?.[tag];
  const state = installTapState(
    own,
    file,
    () => {
      const id = TestRunner.getCurrentTest()?.id;
      return id === undefined ? undefined : idOf(id);
    },
    tracked,
  );
  watchSpawns((spawned) => activeTapState()?.spawned.push(spawned));
  if (state.tracking !== undefined) guardStructuredClone(state.tracking);

  beforeEach((context) => {
    // A retried test starts its ordinals again, so its keys match the discovery run's.
    state.tests.set(idOf(context.task.id), newScopeLog());
  });

  afterEach((context) => {
    const log = state.tests.get(idOf(context.task.id));
    if (log !== undefined) writeMeta(context.task.meta, toTapReport(log));
  });

  // vitest 4 parses the first parameter of a hook as fixtures: it must be a destructuring pattern.
  // Registered first, so it runs after the file's own afterAll hooks (vitest's default stack order).
  afterAll(({}, suite) => {
    const reads = readLogsOf(state);
    writeMeta(suite.meta, {
      ...toTapReport(state.fileLog),
      spawned: state.spawned,
      ...(reads === undefined ? {} : { reads }),
    });
  });
}

/**
 * A view is a proxy, which `structuredClone` refuses (DataCloneError) where the mutant's plain
 * envelope clones: a suite that catches that error could go on differently than the mutant's run
 * would. So in a tracked copy any error of `structuredClone` makes the site's log opaque.
 */
function guardStructuredClone(tracking: Tracking): void {
  const clone = globalThis.structuredClone;
  globalThis.structuredClone = (value, options) => {
    try {
      return clone(value, options);
    } catch (error) {
      makeOpaque(tracking, 'the suite passed an envelope to structuredClone');
      throw error;
    }
  };
}

function writeMeta(meta: object, report: TapReport): void {
  // TaskMeta is an open interface of @vitest/runner; our member is documented in tap-protocol.ts.
  (meta as Record<string, unknown>)[TAP_META_KEY] = encodeTapPayload(report);
}
