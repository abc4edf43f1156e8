// Exports for the --decoder tests: one right shape, several wrong ones.
import { brokenDecoder } from './broken-decoder.js';

export const looseIds = brokenDecoder(['correlation']);
export const notADecoder = { createSession: 'not a function', sanitizes: 'yes' };
export function returnsNumber(): number {
  return 42;
}
