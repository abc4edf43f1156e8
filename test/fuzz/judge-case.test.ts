import { describe, expect, it } from 'vitest';
import type { DecodedOutcome } from '../../src/fuzz/decoder.js';
import type { JudgeEnvelope } from '../../src/fuzz/envelope-verdict.js';
import type { Delivery, FuzzCase } from '../../src/fuzz/fuzz-case.js';
import { judgeCase } from '../../src/fuzz/judge-case.js';

const P: DecodedOutcome = { kind: 'pending' };
const S: DecodedOutcome = { kind: 'success' };
const I: DecodedOutcome = { kind: 'invalid' };

/** Judges every envelope by its own `"verdict"` member, so the tests need no oracle. */
const judge: JudgeEnvelope = (envelope) => ({
  class: (envelope.value as { verdict?: 'success' | 'invalid' }).verdict ?? 'success',
  violations: [],
});

function delivery(
  value: Record<string, unknown>,
  intendedFor: string | number,
  role: Delivery['role'],
): Delivery {
  return { envelope: { text: JSON.stringify(value), value: value as never }, intendedFor, role };
}

function caseOf(...deliveries: Delivery[]): FuzzCase {
  return {
    requests: [
      { id: 1, method: 'tools/call' },
      { id: 'b', method: 'tools/call' },
    ],
    deliveries,
    breaks: [],
    canaries: ['CANARY-plantedAAAA1'],
  };
}

const properties = (fuzzCase: FuzzCase, steps: DecodedOutcome[][], sanitizes = true) =>
  judgeCase(fuzzCase, { steps }, { judge, sanitizes }).map((failure) => failure.property);

describe('judgeCase', () => {
  it('should find nothing when each request settles from its own envelope', () => {
    const fuzzCase = caseOf(
      delivery({ id: 1 }, 1, 'generated'),
      delivery({ id: 'b' }, 'b', 'companion'),
    );
    expect(
      properties(fuzzCase, [
        [P, P],
        [S, P],
        [S, S],
      ]),
    ).toEqual([]);
  });

  it('should report no-false-success when an invalid envelope comes out as success', () => {
    const fuzzCase = caseOf(
      delivery({ id: 1, verdict: 'invalid' }, 1, 'generated'),
      delivery({ id: 'b' }, 'b', 'companion'),
    );
    expect(
      properties(fuzzCase, [
        [P, P],
        [S, P],
        [S, S],
      ]),
    ).toEqual(['no-false-success']);
    expect(
      properties(fuzzCase, [
        [P, P],
        [I, P],
        [I, S],
      ]),
    ).toEqual([]);
  });

  it('should report correlation for a request settled by a type-flipped id', () => {
    const fuzzCase = caseOf(
      delivery({ id: '1' }, 1, 'generated'),
      delivery({ id: 'b' }, 'b', 'companion'),
    );
    expect(
      properties(fuzzCase, [
        [P, P],
        [S, P],
        [S, S],
      ]),
    ).toEqual(['correlation']);
    expect(
      properties(fuzzCase, [
        [P, P],
        [P, P],
        [P, S],
      ]),
    ).toEqual([]);
  });

  it('should report correlation for a request settled before any response', () => {
    expect(properties(caseOf(), [[S, P]])).toEqual(['correlation']);
  });

  it('should report isolation when another request settles from a malformed envelope', () => {
    const fuzzCase = caseOf(
      delivery({ id: 1, verdict: 'invalid' }, 1, 'generated'),
      delivery({ id: 'b' }, 'b', 'companion'),
    );
    expect(
      properties(fuzzCase, [
        [P, P],
        [I, I],
        [I, I],
      ]),
    ).toEqual(['isolation']);
  });

  it('should flag for a control run a request that ignores its own answer', () => {
    const fuzzCase = caseOf(
      delivery({ verdict: 'invalid' }, 1, 'generated'),
      delivery({ id: 'b' }, 'b', 'companion'),
    );
    const failures = judgeCase(
      fuzzCase,
      {
        steps: [
          [P, P],
          [P, P],
          [P, P],
        ],
      },
      { judge, sanitizes: true },
    );
    expect(failures).toMatchObject([{ property: 'isolation', request: 'b', needsControl: true }]);
  });

  it('should ignore a duplicate answer to a settled request', () => {
    const fuzzCase = caseOf(
      delivery({ id: 1 }, 1, 'generated'),
      delivery({ id: 1, verdict: 'invalid' }, 1, 'generated'),
    );
    expect(
      properties(fuzzCase, [
        [P, P],
        [S, P],
        [S, P],
      ]),
    ).toEqual([]);
  });

  it('should report session-survives for a crash', () => {
    const failures = judgeCase(
      caseOf(),
      { steps: [[P, P]], crash: { hook: 'receive', delivery: 0, message: 'threw TypeError: x' } },
      { judge, sanitizes: false },
    );
    expect(failures).toEqual([
      {
        property: 'session-survives',
        delivery: 0,
        message: 'receive on delivery 0 threw TypeError: x',
      },
    ]);
  });

  it('should report no-leak only for a decoder that declares sanitizes', () => {
    const fuzzCase = caseOf(delivery({ id: 1 }, 1, 'generated'));
    const leaked: DecodedOutcome = { kind: 'success', modelFacing: 'here: CANARY-plantedAAAA1' };
    expect(
      properties(
        fuzzCase,
        [
          [P, P],
          [leaked, P],
        ],
        true,
      ),
    ).toEqual(['no-leak']);
    expect(
      properties(
        fuzzCase,
        [
          [P, P],
          [leaked, P],
        ],
        false,
      ),
    ).toEqual([]);
  });
});
