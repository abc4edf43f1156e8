import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DecodedOutcome,
  Decoder,
  DecoderSession,
  RequestId,
  RequestInfo,
} from '../../src/fuzz/decoder.js';
import type { FuzzCase } from '../../src/fuzz/fuzz-case.js';
import { observeCase } from '../../src/fuzz/observe-case.js';

const P: DecodedOutcome = { kind: 'pending' };
const S: DecodedOutcome = { kind: 'success' };

/** Two requests in flight (1 and "b"), two envelopes (one for each). */
const CASE: FuzzCase = {
  requests: [
    { id: 1, method: 'tools/call', outputSchema: { type: 'object' } },
    { id: 'b', method: 'ping' },
  ],
  deliveries: [
    { envelope: { text: '{"id":1}', value: { id: 1 } }, intendedFor: 1, role: 'generated' },
    { envelope: { text: '{"id":"b"}', value: { id: 'b' } }, intendedFor: 'b', role: 'companion' },
  ],
  breaks: [],
  canaries: [],
};

/** A well-behaved session that settles a request once its envelope arrived; `hooks` override. */
function decoderOf(hooks: Partial<DecoderSession> = {}): Decoder {
  return {
    name: 'probe',
    sanitizes: false,
    createSession: () => {
      const settled = new Set<unknown>();
      return {
        request: () => undefined,
        receive: (envelope) => void settled.add((envelope.value as { id?: unknown }).id),
        outcome: (id) => (settled.has(id) ? S : P),
        ...hooks,
      };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('observeCase', () => {
  it('should record the outcomes after the requests and after every delivery', async () => {
    // Act
    const observation = await observeCase(decoderOf(), CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [P, P],
        [S, P],
        [S, S],
      ],
    });
  });

  it('should announce each request with its id, method and outputSchema only when it has one', async () => {
    // Arrange
    const announced: [RequestId, string, RequestInfo][] = [];
    const decoder = decoderOf({
      request: (id, method, info) => void announced.push([id, method, info]),
    });

    // Act
    await observeCase(decoder, CASE, 50);

    // Assert
    expect(announced).toStrictEqual([
      [1, 'tools/call', { outputSchema: { type: 'object' } }],
      ['b', 'ping', {}],
    ]);
  });

  it('should accept asynchronous hooks that answer in time', async () => {
    // Arrange
    const decoder: Decoder = {
      name: 'async',
      sanitizes: false,
      createSession: async () => ({
        request: async () => undefined,
        receive: async () => undefined,
        outcome: async () => S,
      }),
    };

    // Act
    const observation = await observeCase(decoder, CASE, 1_000);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [S, S],
        [S, S],
        [S, S],
      ],
    });
  });

  it('should leave no timer behind once asynchronous hooks have answered', async () => {
    // Arrange
    vi.useFakeTimers();
    const decoder: Decoder = {
      name: 'async',
      sanitizes: false,
      createSession: () =>
        Promise.resolve({
          request: () => Promise.resolve(),
          receive: () => Promise.resolve(),
          outcome: () => Promise.resolve(S),
          close: () => Promise.resolve(),
        }),
    };

    // Act
    const observation = await observeCase(decoder, CASE, 1_000);

    // Assert
    expect(observation.crash).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should count an outcome that does not settle before the deadline as pending', async () => {
    // Arrange
    const decoder = decoderOf({ outcome: () => new Promise<DecodedOutcome>(() => undefined) });

    // Act
    const observation = await observeCase(decoder, CASE, 1);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [P, P],
        [P, P],
        [P, P],
      ],
    });
  });

  it('should count a receive that does not settle before the deadline as no effect, not a crash', async () => {
    // Arrange
    const decoder = decoderOf({ receive: () => new Promise<void>(() => undefined) });

    // Act
    const observation = await observeCase(decoder, CASE, 1);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [P, P],
        [P, P],
        [P, P],
      ],
    });
  });

  it('should give createSession 5 s before it counts as a crash', async () => {
    // Arrange
    vi.useFakeTimers();
    const decoder: Decoder = {
      name: 'slow',
      sanitizes: false,
      createSession: () => new Promise<DecoderSession>(() => undefined),
    };

    // Act
    let done = false;
    const observing = observeCase(decoder, CASE, 1).then((observation) => {
      done = true;
      return observation;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    const beforeDeadline = done;
    await vi.advanceTimersByTimeAsync(1);

    // Assert
    expect(beforeDeadline).toBe(false);
    expect(await observing).toEqual({
      steps: [],
      crash: { hook: 'createSession', message: 'did not return a session in time' },
    });
  });

  it('should report a createSession that throws, with the error name and message', async () => {
    // Arrange
    const decoder: Decoder = {
      name: 'throws',
      sanitizes: false,
      createSession: () => {
        throw new RangeError('no socket');
      },
    };

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [],
      crash: { hook: 'createSession', message: 'threw RangeError: no socket' },
    });
  });

  it('should report a createSession that returns no session hooks', async () => {
    // Arrange
    const decoder: Decoder = {
      name: 'hookless',
      sanitizes: false,
      createSession: () => ({ request: () => undefined }) as never,
    };

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [],
      crash: {
        hook: 'createSession',
        message: 'returned a value without request/receive/outcome hooks',
      },
    });
  });

  it('should report a request hook that throws, before any delivery', async () => {
    // Arrange
    const decoder = decoderOf({
      request: () => {
        throw new Error('busy');
      },
    });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [],
      crash: { hook: 'request', message: 'threw Error: busy' },
    });
  });

  it('should report a receive that throws with the index of the delivery it was handling', async () => {
    // Arrange
    let calls = 0;
    const decoder = decoderOf({
      receive: () => {
        calls++;
        if (calls === 2) throw new TypeError('x is undefined');
      },
    });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [P, P],
        [P, P],
      ],
      crash: { hook: 'receive', delivery: 1, message: 'threw TypeError: x is undefined' },
    });
  });

  it('should report a receive that rejects, and describe a thrown value that is not an Error', async () => {
    // Arrange
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    const decoder = decoderOf({ receive: () => Promise.reject('bad line') });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation.crash).toStrictEqual({
      hook: 'receive',
      delivery: 0,
      message: 'rejected with "bad line"',
    });
  });

  it.each([
    ['a wrong kind', { kind: 'done' }, 'returned {"kind":"done"}, which is not a DecodedOutcome'],
    ['undefined', undefined, 'returned undefined, which is not a DecodedOutcome'],
    ['null', null, 'returned null, which is not a DecodedOutcome'],
    ['a function', () => S, 'returned a function, which is not a DecodedOutcome'],
    ['a bigint', 1n, 'returned the bigint 1n, which is not a DecodedOutcome'],
  ])('should report an outcome hook that returns %s', async (_label, returned, message) => {
    // Arrange
    const decoder = decoderOf({ outcome: () => returned as never });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({ steps: [], crash: { hook: 'outcome', message } });
  });

  it('should close the session once, also after a crash', async () => {
    // Arrange
    let closed = 0;
    const decoder = decoderOf({
      receive: () => {
        throw new Error('boom');
      },
      close: () => {
        closed++;
      },
    });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(closed).toBe(1);
    expect(observation.crash?.message).toBe('threw Error: boom');
  });

  it('should report a close that throws when nothing else crashed', async () => {
    // Arrange
    const decoder = decoderOf({
      close: () => {
        throw new Error('already closed');
      },
    });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation).toStrictEqual({
      steps: [
        [P, P],
        [S, P],
        [S, S],
      ],
      crash: { hook: 'close', message: 'threw Error: already closed' },
    });
  });

  it('should keep the first crash when close also fails', async () => {
    // Arrange
    const decoder = decoderOf({
      request: () => Promise.reject(new Error('refused')),
      close: () => Promise.reject(new Error('already closed')),
    });

    // Act
    const observation = await observeCase(decoder, CASE, 50);

    // Assert
    expect(observation.crash).toStrictEqual({
      hook: 'request',
      message: 'rejected with Error: refused',
    });
  });
});
