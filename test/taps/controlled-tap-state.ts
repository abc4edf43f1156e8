import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { installTapState, type TapState } from '../../src/taps/tap-state.js';

/** A discovery run's plan: record every site, mutate none. */
export const RECORD: TapPlan = { mode: 'record', root: '/project', mutations: {} };

/** A tap state whose "current test" the test controls. */
export function stateFor(plan: TapPlan): {
  state: TapState;
  enter: (id: string | undefined) => void;
} {
  let current: string | undefined;
  const state = installTapState(plan, 'test/a.test.ts', () => current);
  return { state, enter: (id) => (current = id) };
}
