// A setup file of the unit project, whose files share one module graph and one globalThis per
// worker (`isolate: false`): a file that leaves a tap state installed fails itself, here, rather
// than make a later file's taps record into its state (a test then fails on another schedule).
import { afterAll, expect } from 'vitest';
import { activeTapState, clearTapState } from '../../src/taps/tap-state.js';

afterAll(() => {
  const left = activeTapState();
  clearTapState();
  expect(left, 'a tap state left installed by this file (clear it in afterEach)').toBeUndefined();
});
