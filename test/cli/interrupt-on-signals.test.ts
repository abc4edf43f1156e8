import { afterEach, describe, expect, test, vi } from 'vitest';
import { interruptOnSignals } from '../../src/cli/interrupt-on-signals.js';

type Listener = (...args: unknown[]) => void;

/** The listeners in `now` that were not in `before`. */
function added(now: readonly unknown[], before: readonly unknown[]): Listener[] {
  return now.filter((listener) => !before.includes(listener)) as Listener[];
}

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.restoreAllMocks();
});

describe('interruptOnSignals', () => {
  test('should take a test worker gone after an interrupt for the interrupt, and nothing else', () => {
    // Arrange
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const sigint = process.listeners('SIGINT');
    const uncaught = process.listeners('uncaughtException');
    const interrupt = interruptOnSignals();
    disposers.push(interrupt.dispose);
    // Before an interrupt, an uncaught error is Node's to report: no listener of ours.
    expect(added(process.listeners('uncaughtException'), uncaught)).toEqual([]);
    // Act: the interrupt, as a terminal's Ctrl-C delivers it.
    const [onSignal] = added(process.listeners('SIGINT'), sigint);
    onSignal?.('SIGINT');
    const [onUncaught] = added(process.listeners('uncaughtException'), uncaught);
    // Assert
    expect(interrupt.signal.aborted).toBe(true);
    expect(onUncaught).toBeDefined();
    const gone = [
      new Error('Worker exited unexpectedly'),
      Object.assign(new Error('Channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' }),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
    ];
    for (const error of gone) expect(() => onUncaught?.(error)).not.toThrow();
    // Negative control: any other error still ends the process.
    const bug = new TypeError('a bug of ours');
    expect(() => onUncaught?.(bug)).toThrow(bug);
  });

  test('should remove its listeners when disposed', () => {
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const sigint = process.listeners('SIGINT');
    const uncaught = process.listeners('uncaughtException');
    const interrupt = interruptOnSignals();
    added(process.listeners('SIGINT'), sigint)[0]?.('SIGINT');
    interrupt.dispose();
    expect(added(process.listeners('SIGINT'), sigint)).toEqual([]);
    expect(added(process.listeners('uncaughtException'), uncaught)).toEqual([]);
  });
});
