import { describe, expect, it } from 'vitest';
import type { DecodedOutcome, Decoder, DecoderSession } from '../../src/fuzz/decoder.js';
import type { JudgeEnvelope } from '../../src/fuzz/envelope-verdict.js';
import { examineCase } from '../../src/fuzz/examine-case.js';
import type { FuzzCase } from '../../src/fuzz/fuzz-case.js';

const P: DecodedOutcome = { kind: 'pending' };
const S: DecodedOutcome = { kind: 'success' };

/** Request "b" first (index 0), then 1; the envelope for 1 arrives first, then the answer to "b". */
const CASE: FuzzCase = {
  requests: [
    { id: 'b', method: 'tools/call' },
    { id: 1, method: 'tools/call' },
  ],
  deliveries: [
    { envelope: { text: '{"id":1}', value: { id: 1 } }, intendedFor: 1, role: 'generated' },
    { envelope: { text: '{"id":"b"}', value: { id: 'b' } }, intendedFor: 'b', role: 'companion' },
  ],
  breaks: [],
  canaries: ['CANARY-plantedAAAA1'],
};

const judgeAs =
  (verdict: 'success' | 'invalid'): JudgeEnvelope =>
  () => ({ class: verdict, violations: [] });

/** A decoder whose sessions are made by `make(sessionNumber)` (0 for the first session). */
function decoderOf(make: (session: number) => DecoderSession, sanitizes = false): Decoder {
  let sessions = 0;
  return { name: 'probe', sanitizes, createSession: () => make(sessions++) };
}

/** A session that settles "b" only when its answer is the first envelope it receives. */
function firstOnly(): DecoderSession {
  let received = 0;
  let settled = false;
  return {
    request: () => undefined,
    receive: (envelope) => {
      received++;
      if (received === 1 && (envelope.value as { id?: unknown }).id === 'b') settled = true;
    },
    outcome: (id) => (id === 'b' && settled ? S : P),
  };
}

describe('examineCase', () => {
  it('should keep an ignored answer, without needsControl, when the answer alone settles the request', async () => {
    // Act
    const examined = await examineCase(decoderOf(firstOnly), CASE, {
      judge: judgeAs('success'),
      deadlineMs: 50,
    });

    // Assert
    expect(examined.failures).toStrictEqual([
      {
        property: 'isolation',
        request: 'b',
        delivery: 1,
        message:
          'request "b" stayed pending after its own valid response after a response meant for 1',
      },
    ]);
    expect(examined.observation).toEqual({
      steps: [
        [P, P],
        [P, P],
        [P, P],
      ],
    });
  });

  it('should drop an ignored answer when the answer alone does not settle the request either', async () => {
    // Arrange: request "b" (index 0) never settles
    const never = decoderOf(() => ({
      request: () => undefined,
      receive: () => undefined,
      outcome: () => P,
    }));

    // Act
    const examined = await examineCase(never, CASE, { judge: judgeAs('success'), deadlineMs: 50 });

    // Assert
    expect(examined.failures).toEqual([]);
  });

  it('should drop an ignored answer when the control run crashes', async () => {
    // Arrange: the second session (the control) throws on its first envelope
    const decoder = decoderOf((session) => {
      const live = firstOnly();
      return session === 0
        ? live
        : {
            ...live,
            receive: () => {
              throw new Error('control');
            },
          };
    });

    // Act
    const examined = await examineCase(decoder, CASE, {
      judge: judgeAs('success'),
      deadlineMs: 50,
    });

    // Assert
    expect(examined.failures).toEqual([]);
  });

  it('should judge with the given judge and the decoder sanitizes flag, keeping other failures as they are', async () => {
    // Arrange: request 1 comes out as a success that leaks the canary
    const leaky = (sanitizes: boolean) =>
      decoderOf(() => {
        let settled = false;
        return {
          request: () => undefined,
          receive: (envelope) => void (settled ||= (envelope.value as { id?: unknown }).id === 1),
          outcome: (id) =>
            id === 1 && settled ? { kind: 'success', modelFacing: 'CANARY-plantedAAAA1' } : P,
        };
      }, sanitizes);

    // Act
    const judged = await examineCase(leaky(true), CASE, {
      judge: judgeAs('invalid'),
      deadlineMs: 50,
    });
    const unsanitized = await examineCase(leaky(false), CASE, {
      judge: judgeAs('success'),
      deadlineMs: 50,
    });

    // Assert
    expect(judged.failures.map((failure) => failure.property)).toEqual([
      'no-false-success',
      'no-leak',
    ]);
    expect(unsanitized.failures).toEqual([]);
  });
  it('should keep a failure that needs no control, even when the envelope alone would not cause it', async () => {
    // Arrange: a session that ignores its first envelope, then settles every request as invalid
    const decoder = decoderOf(() => {
      let received = 0;
      return {
        request: () => undefined,
        receive: () => {
          received++;
        },
        outcome: () => (received >= 2 ? { kind: 'invalid' } : P),
      };
    });
    // Act
    const examined = await examineCase(decoder, CASE, {
      judge: judgeAs('success'),
      deadlineMs: 50,
    });

    // Assert: request 1 settled by the answer meant for "b"
    expect(examined.failures).toStrictEqual([
      {
        property: 'isolation',
        request: 1,
        delivery: 1,
        message: 'request 1 settled as invalid by a response carrying id "b" meant for "b"',
      },
    ]);
  });
});
