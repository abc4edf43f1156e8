// A run with harmless mutants beside the ordinary ones: what `--mutators harmless,…` produces.
import type { MutantResult, MutationRun } from '../../src/mutant/mutation-run.js';
import { makeRun, MUTANTS, TOOL_ERROR, UNKNOWN_TOOL } from '../support/make-run.js';

const SNAPSHOT_FAILURE =
  'Snapshot `tools/call > should report a failing tool with isError 1` mismatched';

/** Brittle: a snapshot of the whole tool result fails on a reworded text. */
export const BRITTLE_SNAPSHOT: MutantResult = {
  id: 'h01',
  siteKey: TOOL_ERROR.key,
  mutatorName: 'reword-message',
  replacement: 'result.content.0.text reworded',
  path: ['result', 'content', 0, 'text'],
  status: 'Killed',
  statusReason: SNAPSHOT_FAILURE,
  killedAt: { test: 'a91f_0_1', rule: null, named: false },
  killedBy: ['a91f_0_1'],
  coveredBy: TOOL_ERROR.testIds,
};

/** Brittle: `toEqual` on the whole error object fails on an added `error.data`. */
export const BRITTLE_EQUAL: MutantResult = {
  id: 'h02',
  siteKey: UNKNOWN_TOOL.key,
  mutatorName: 'add-extension-member',
  replacement: 'error.data added',
  path: ['error', 'data'],
  status: 'Killed',
  statusReason: 'expected { code: -32602, …(2) } to deeply equal { code: -32602, …(1) }',
  killedAt: { test: 'a91f_0_0', rule: null, named: false },
  killedBy: ['a91f_0_0'],
  coveredBy: UNKNOWN_TOOL.testIds,
};

/** Fine: the suite stayed green on a reworded protocol error message. */
export const TOLERATED: MutantResult = {
  id: 'h03',
  siteKey: UNKNOWN_TOOL.key,
  mutatorName: 'reword-message',
  replacement: 'error.message reworded',
  path: ['error', 'message'],
  status: 'Survived',
  statusReason: 'every covering test passed',
  killedBy: [],
  coveredBy: UNKNOWN_TOOL.testIds,
};

/** Fine too: green on a localized message. */
export const TOLERATED_LOCALIZED: MutantResult = {
  ...TOLERATED,
  id: 'h04',
  replacement: 'error.message localized',
};

export const HARMLESS = [BRITTLE_SNAPSHOT, BRITTLE_EQUAL, TOLERATED, TOLERATED_LOCALIZED] as const;

/** The fixture run plus four harmless mutants, two of them brittle (50 %). */
export function makeHarmlessRun(overrides: Partial<MutationRun> = {}): MutationRun {
  return makeRun({ mutants: [...MUTANTS, ...HARMLESS], ...overrides });
}
