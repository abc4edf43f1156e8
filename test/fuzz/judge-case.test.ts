import { describe, expect, it } from 'vitest';
import type { DecodedOutcome } from '../../src/fuzz/decoder.js';
import type { EnvelopeVerdict, JudgeEnvelope } from '../../src/fuzz/envelope-verdict.js';
import type { Delivery, FuzzCase } from '../../src/fuzz/fuzz-case.js';
import { judgeCase, type PropertyFailure } from '../../src/fuzz/judge-case.js';
import type { Observation } from '../../src/fuzz/observe-case.js';

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

// The messages a failed property prints, judged by envelopes that carry their own verdict and
// rules (a judge and helpers of their own).
describe('judgeCase messages', () => {
  const P: DecodedOutcome = { kind: 'pending' };
  const S: DecodedOutcome = { kind: 'success' };
  const I: DecodedOutcome = { kind: 'invalid' };
  const T: DecodedOutcome = { kind: 'tool-error' };
  const E = (code: number): DecodedOutcome => ({ kind: 'protocol-error', code });

  /** Judges every envelope by its `"verdict"` member: `[class, ...rules]`, default a clean success. */
  const judge: JudgeEnvelope = (envelope) => {
    const [verdict = 'success', ...rules] =
      (envelope.value as { verdict?: string[] } | undefined)?.verdict ?? [];
    return {
      class: verdict as EnvelopeVerdict['class'],
      violations: rules.map((rule) => ({ rule, path: [], message: '' })) as never,
    };
  };

  function delivery(
    value: Record<string, unknown> | undefined,
    intendedFor: string | number,
    role: Delivery['role'] = 'generated',
  ): Delivery {
    return {
      envelope: value === undefined ? { text: 'nope' } : { text: '', value: value as never },
      intendedFor,
      role,
    };
  }

  /** Requests 1 and "b" in flight; `steps` are the outcomes after the requests and each delivery. */
  function judged(
    deliveries: Delivery[],
    steps: DecodedOutcome[][],
    extra: Partial<Observation> = {},
    sanitizes = false,
  ): PropertyFailure[] {
    const fuzzCase: FuzzCase = {
      requests: [
        { id: 1, method: 'tools/call' },
        { id: 'b', method: 'tools/call' },
      ],
      deliveries,
      breaks: [],
      canaries: ['CANARY-plantedAAAA1'],
    };
    return judgeCase(fuzzCase, { steps, ...extra }, { judge, sanitizes });
  }

  describe('judgeCase messages', () => {
    it('should name the hook of a crash before any delivery, without a delivery', () => {
      expect(
        judged([], [], { crash: { hook: 'createSession', message: 'threw Error: no' } }),
      ).toStrictEqual([{ property: 'session-survives', message: 'createSession threw Error: no' }]);
    });

    it('should report a request settled before any response, without a delivery', () => {
      expect(judged([], [[P, T]])).toStrictEqual([
        {
          property: 'correlation',
          request: 'b',
          message: 'request "b" settled before any response arrived',
        },
      ]);
    });

    it('should list each rule once after the class, for a false success', () => {
      expect(
        judged(
          [delivery({ id: 1, verdict: ['tool', 'mcp.content', 'mcp.is-error', 'mcp.content'] }, 1)],
          [
            [P, P],
            [S, P],
          ],
        ),
      ).toStrictEqual([
        {
          property: 'no-false-success',
          request: 1,
          delivery: 0,
          message:
            'request 1 came out as success from an envelope the oracle judges tool (mcp.content, mcp.is-error)',
        },
      ]);
    });

    it('should give no parenthesis for a false success without violations', () => {
      expect(
        judged(
          [delivery({ id: 1, verdict: ['protocol'] }, 1)],
          [
            [P, P],
            [S, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual(['request 1 came out as success from an envelope the oracle judges protocol']);
    });

    it.each([
      ['invalid', I],
      ['tool-error', T],
      ['protocol-error', E(-32602)],
    ])(
      'should not judge no-false-success for a request settled as %s by its own id',
      (_label, outcome) => {
        expect(
          judged(
            [delivery({ id: 1, verdict: ['invalid', 'mcp.content'] }, 1)],
            [
              [P, P],
              [outcome, P],
            ],
          ),
        ).toEqual([]);
      },
    );

    it('should report correlation for the intended request settled by an envelope without id', () => {
      expect(
        judged(
          [delivery({}, 1)],
          [
            [P, P],
            [S, P],
          ],
        ),
      ).toStrictEqual([
        {
          property: 'correlation',
          request: 1,
          delivery: 0,
          message: 'request 1 settled as success by a response carrying no id',
        },
      ]);
    });

    it('should report correlation for the intended request settled by text that is not JSON', () => {
      expect(
        judged(
          [delivery(undefined, 1)],
          [
            [P, P],
            [I, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual(['request 1 settled as invalid by a response carrying no id']);
    });

    it('should report correlation when a settled outcome changes, naming both outcomes', () => {
      expect(
        judged(
          [delivery({ id: 1 }, 1), delivery({ id: '1' }, 1)],
          [
            [P, P],
            [S, P],
            [I, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual(['request 1 changed from success to invalid by a response carrying id "1"']);
    });

    it('should see a change of protocol-error code, and no change for the same code', () => {
      const deliveries = [delivery({ id: 1 }, 1), delivery({ id: '1' }, 1)];
      expect(
        judged(deliveries, [
          [P, P],
          [E(-32602), P],
          [E(-32603), P],
        ]).map((failure) => failure.message),
      ).toEqual([
        'request 1 changed from protocol-error to protocol-error by a response carrying id "1"',
      ]);
      expect(
        judged(deliveries, [
          [P, P],
          [E(-32602), P],
          [E(-32602), P],
        ]),
      ).toEqual([]);
    });

    it('should compare with the last settled outcome, across steps where the request was pending', () => {
      expect(
        judged(
          [delivery({ id: 1 }, 1), delivery({ id: '1' }, 1), delivery({ id: '1' }, 1)],
          [
            [P, P],
            [S, P],
            [P, P],
            [S, P],
          ],
        ),
      ).toEqual([]);
    });

    it.each([
      ['a string that reads as the number', '1', 'carrying id "1"'],
      ['a string with spaces that coerces to it', ' 1 ', 'carrying id " 1 "'],
      ['a number written differently', '1.0', 'carrying id "1.0"'],
    ])(
      'should report correlation for request 1 settled by a response meant for "b" %s',
      (_label, id, which) => {
        expect(
          judged(
            [delivery({ id }, 'b')],
            [
              [P, P],
              [S, P],
            ],
          ).map((failure) => [failure.property, failure.message]),
        ).toEqual([['correlation', `request 1 settled as success by a response ${which}`]]);
      },
    );

    it.each([
      ['id 2', { id: 2 }, 'carrying id 2'],
      ['id true (never a valid id, so not loosely equal)', { id: true }, 'carrying id true'],
      ['id null', { id: null }, 'carrying id null'],
      ['no id', {}, 'carrying no id'],
    ])(
      'should report isolation for request 1 settled by a response meant for "b" with %s',
      (_label, value, which) => {
        expect(
          judged(
            [delivery(value, 'b')],
            [
              [P, P],
              [I, P],
            ],
          ),
        ).toStrictEqual([
          {
            property: 'isolation',
            request: 1,
            delivery: 0,
            message: `request 1 settled as invalid by a response ${which} meant for "b"`,
          },
        ]);
      },
    );

    it('should not read an empty string id as the number 0', () => {
      // Arrange: requests 0 and "0"; a response carrying "" meant for 0 settles "0"
      const fuzzCase: FuzzCase = {
        requests: [
          { id: 0, method: 'tools/call' },
          { id: '0', method: 'tools/call' },
        ],
        deliveries: [delivery({ id: '' }, 0)],
        breaks: [],
        canaries: [],
      };

      // Act
      const failures = judgeCase(
        fuzzCase,
        {
          steps: [
            [P, P],
            [P, I],
          ],
        },
        { judge, sanitizes: false },
      );

      // Assert
      expect(failures.map((failure) => failure.property)).toEqual(['isolation']);
    });

    it('should name the generated envelope as the cause of an ignored answer, and nothing when there is none', () => {
      // Arrange
      const companion = delivery({ id: 'b' }, 'b', 'companion');

      // Act
      const after = judged(
        [delivery({ id: 1, verdict: ['invalid'] }, 1), companion],
        [
          [P, P],
          [I, P],
          [I, P],
        ],
      );
      const alone = judged(
        [companion],
        [
          [P, P],
          [P, P],
        ],
      );

      // Assert
      expect(after).toStrictEqual([
        {
          property: 'isolation',
          request: 'b',
          delivery: 1,
          needsControl: true,
          message:
            'request "b" stayed pending after its own valid response after a response meant for 1',
        },
      ]);
      expect(alone.map((failure) => failure.message)).toEqual([
        'request "b" stayed pending after its own valid response',
      ]);
    });

    it('should not report an ignored answer after a crash', () => {
      expect(
        judged(
          [delivery({ id: 'b' }, 'b', 'companion')],
          [
            [P, P],
            [P, P],
          ],
          {
            crash: { hook: 'close', message: 'threw Error: x' },
          },
        ).map((failure) => failure.property),
      ).toEqual(['session-survives']);
    });

    it('should report each leaking request once, at the first step that leaks', () => {
      // Arrange
      const leak: DecodedOutcome = { kind: 'success', modelFacing: 'see CANARY-plantedAAAA1' };
      const deliveries = [delivery({ id: 1 }, 1), delivery({ id: 'b' }, 'b', 'companion')];

      // Act
      const failures = judged(
        deliveries,
        [
          [P, P],
          [leak, P],
          [leak, { kind: 'success', modelFacing: 'clean text' }],
        ],
        {},
        true,
      );

      // Assert
      expect(failures).toStrictEqual([
        {
          property: 'no-leak',
          request: 1,
          delivery: 0,
          message:
            'model-facing text of request 1 carries a leak of kind canary (CANARY-…redacted)',
        },
      ]);
    });

    it('should report a leak before any response without a delivery', () => {
      // Arrange
      const leak: DecodedOutcome = { kind: 'tool-error', modelFacing: 'CANARY-plantedAAAA1' };

      // Act
      const failures = judged([], [[P, leak]], {}, true);

      // Assert
      expect(failures.filter((failure) => failure.property === 'no-leak')).toStrictEqual([
        {
          property: 'no-leak',
          request: 'b',
          message:
            'model-facing text of request "b" carries a leak of kind canary (CANARY-…redacted)',
        },
      ]);
    });
    it('should name the generated envelope as the cause even when the companion came first', () => {
      expect(
        judged(
          [delivery({ id: 'b' }, 'b', 'companion'), delivery({ id: 1, verdict: ['invalid'] }, 1)],
          [
            [P, P],
            [P, P],
            [I, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual([
        'request "b" stayed pending after its own valid response after a response meant for 1',
      ]);
    });

    it('should not judge the model-facing text of a request still pending', () => {
      // Arrange: a pending outcome has no model-facing text to judge, whatever it carries
      const pending = { kind: 'pending', modelFacing: 'CANARY-plantedAAAA1' } as never;

      // Act / Assert
      expect(judged([], [[pending, P]], {}, true)).toEqual([]);
    });

    it('should compare with an outcome settled before any response', () => {
      expect(
        judged(
          [delivery({ id: 1, verdict: ['invalid'] }, 1)],
          [
            [S, P],
            [S, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual(['request 1 settled before any response arrived']);
    });

    it('should read an envelope whose value is null as carrying no id', () => {
      expect(
        judged(
          [{ envelope: { text: 'null', value: null }, intendedFor: 'b', role: 'generated' }],
          [
            [P, P],
            [I, P],
          ],
        ).map((failure) => failure.message),
      ).toEqual(['request 1 settled as invalid by a response carrying no id meant for "b"']);
    });

    it.each([
      ['a number for a numeric string id', 7, 'carrying id 7'],
      ['a string with a leading zero', '07', 'carrying id "07"'],
    ])('should report correlation for request "7" settled by %s', (_label, id, which) => {
      // Arrange
      const fuzzCase: FuzzCase = {
        requests: [
          { id: '7', method: 'tools/call' },
          { id: 'b', method: 'tools/call' },
        ],
        deliveries: [delivery({ id }, 'b')],
        breaks: [],
        canaries: [],
      };

      // Act
      const failures = judgeCase(
        fuzzCase,
        {
          steps: [
            [P, P],
            [S, P],
          ],
        },
        { judge, sanitizes: false },
      );

      // Assert
      expect(failures.map((failure) => [failure.property, failure.message])).toEqual([
        ['correlation', `request "7" settled as success by a response ${which}`],
      ]);
    });

    it('should report correlation for request 0 settled by an empty string id ("" == 0)', () => {
      // Arrange
      const fuzzCase: FuzzCase = {
        requests: [
          { id: 0, method: 'tools/call' },
          { id: 'b', method: 'tools/call' },
        ],
        deliveries: [delivery({ id: '' }, 'b')],
        breaks: [],
        canaries: [],
      };

      // Act
      const failures = judgeCase(
        fuzzCase,
        {
          steps: [
            [P, P],
            [S, P],
          ],
        },
        { judge, sanitizes: false },
      );

      // Assert
      expect(failures.map((failure) => failure.property)).toEqual(['correlation']);
    });

    it('should judge nothing after the last delivery', () => {
      expect(
        judged(
          [],
          [
            [P, P],
            [S, P],
          ],
        ),
      ).toEqual([]);
    });
    it('should not judge a second answer that changes a settled request (JSON-RPC 2.0 §5: one response)', () => {
      expect(
        judged(
          [
            delivery({ id: 1, verdict: ['invalid'] }, 1),
            delivery({ id: 1, verdict: ['invalid'] }, 1),
          ],
          [
            [P, P],
            [I, P],
            [S, P],
          ],
        ),
      ).toEqual([]);
    });
  });
});
