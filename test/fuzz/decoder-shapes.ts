// Exports for the --decoder tests: one right shape, several wrong ones.
import { brokenDecoder } from './broken-decoder.js';

export const looseIds = brokenDecoder(['correlation']);
export const notADecoder = { createSession: 'not a function', sanitizes: 'yes' };
export function returnsNumber(): number {
  return 42;
}
export const nothing = null;
export const list: unknown[] = [];
export const label = 'decoder';
export const correlationOnly = (): ReturnType<typeof brokenDecoder> =>
  brokenDecoder(['correlation']);
export async function isolationOnly(): Promise<ReturnType<typeof brokenDecoder>> {
  return Promise.resolve(brokenDecoder(['isolation']));
}
export const returnsNull = (): null => null;
export const returnsEmpty = (): object => ({});
export const throwsWhenCalled = (): never => {
  throw new Error('no server to decode for');
};
export const crashes = {
  name: 'crashing',
  sanitizes: false,
  createSession: (): never => {
    throw new Error('no session today');
  },
};

/** The planted policy that retries a failure whose text says "temporary" (tapped decisions). */
export const proseReading = brokenDecoder(['prose-invariance']);
