/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- the programs read envelopes untyped, as suites do */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { readsAgree } from '../../src/engine/prove-unobserved.js';
import {
  clearTapState,
  installTapState,
  observeSite,
  readLogsOf,
} from '../../src/taps/tap-state.js';
import {
  markFormatted,
  matchedIndex,
  newReadRecorder,
  toReadLog,
  trackReads,
} from '../../src/taps/track-reads.js';

// The unit tests share one module graph (and globalThis) per worker: a tap state left installed
// here would make every later file's taps record into it (the fuzzer then sees no decisions).
afterEach(() => {
  clearTapState();
});

const ENVELOPE = {
  jsonrpc: '2.0',
  id: 2,
  result: { content: [{ type: 'text', text: 'no such account' }], isError: true },
};

/** The envelope as a tracked copy's suite sees it, and what it read once `use` returns. */
function readsOf(envelope: unknown, use: (view: unknown) => unknown) {
  const recorder = newReadRecorder();
  const answer = use(trackReads(structuredClone(envelope), recorder));
  return { log: toReadLog(recorder), answer };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- suites read envelopes untyped
type Loose = any;

describe('trackReads', () => {
  test('should note only the members a test reads, so a change elsewhere stays unobserved', () => {
    // Arrange
    const { log } = readsOf(ENVELOPE, (res: Loose) => res.result.isError as unknown);
    // Act
    const idChanged = readsAgree(log.reads, ENVELOPE, { ...ENVELOPE, id: 66377 });
    const isErrorRemoved = readsAgree(log.reads, ENVELOPE, { ...ENVELOPE, result: {} });
    // Assert
    expect(idChanged).toBe(true);
    expect(isErrorRemoved).toBe(false); // the negative control: that member was read
  });

  test("should see every member through JSON.stringify, as a suite's snapshot does", () => {
    // Arrange
    const { log, answer } = readsOf(ENVELOPE, (res) => JSON.stringify(res));
    // Act
    const agree = readsAgree(log.reads, ENVELOPE, { ...ENVELOPE, id: 3 });
    // Assert
    expect(answer).toBe(JSON.stringify(ENVELOPE));
    expect(agree).toBe(false);
  });

  test("should see vitest's toMatchObject read the expected members only", () => {
    // Arrange
    const { log } = readsOf(ENVELOPE, (res) => {
      expect(res).toMatchObject({ result: { isError: true } });
    });
    // Act
    const versionChanged = readsAgree(log.reads, ENVELOPE, { ...ENVELOPE, jsonrpc: '1.0' });
    const resultSwapped = readsAgree(log.reads, ENVELOPE, {
      jsonrpc: '2.0',
      id: 2,
      error: ENVELOPE.result,
    });
    // Assert
    expect(versionChanged).toBe(true);
    expect(resultSwapped).toBe(false);
  });

  test('should hand out one view per member, as the object itself would', () => {
    // Arrange
    const { answer } = readsOf(ENVELOPE, (res: Loose) => res.result === res.result);
    // Assert
    expect(answer).toBe(true);
  });

  test('should mark a log opaque when the suite writes to the envelope', () => {
    // Arrange
    const { log } = readsOf(ENVELOPE, (res: Loose) => {
      res.result.isError = false;
    });
    // Assert
    expect(log).toEqual({ reads: [], opaque: 'the suite wrote to the envelope' });
  });

  test.each([
    [
      'a class instance',
      {
        result: new (class Result {
          readonly isError = true;
        })(),
      },
    ],
    ['an undefined member', { id: 1, result: undefined }],
    ['a frozen member', { result: Object.freeze({ isError: true }) }],
    ['-0', { id: -0 }],
  ])(
    'should let the suite read %s through the JSON copy a mutant is, not the live object',
    (_, live) => {
      // Arrange
      const state = installTapState(
        { mode: 'record', root: '/', mutations: {} },
        'a.test.ts',
        () => 't1',
        't1#0',
      );
      const copy: unknown = JSON.parse(JSON.stringify(live));
      // Act
      const view: Loose = observeSite(state, 'envelope', live, { check: {} });
      const seen = {
        members: Object.keys(view),
        text: JSON.stringify(view),
        has: 'result' in view,
      };
      // Assert: what the suite sees is what it would see of the mutant's JSON, read for read.
      expect(seen).toEqual({
        members: Object.keys(copy as object),
        text: JSON.stringify(copy),
        has: 'result' in (copy as object),
      });
      expect(Object.isFrozen(view.result ?? {})).toBe(false);
      expect(readLogsOf(state)?.['t1#0']?.opaque).toBeUndefined();
    },
  );

  test('should mark a log opaque when the suite formats a view as text, which no trap sees', () => {
    // Arrange
    const recorder = newReadRecorder();
    const view = trackReads(structuredClone(ENVELOPE), recorder);
    // Act
    markFormatted(['%o', { response: view }]);
    // Assert
    expect(toReadLog(recorder).opaque).toMatch(/formatted the envelope as text/);
    // The negative control: formatting other values leaves the log as it is.
    const other = newReadRecorder();
    trackReads(structuredClone(ENVELOPE), other);
    markFormatted([ENVELOPE, 'text']);
    expect(toReadLog(other).opaque).toBeUndefined();
  });

  test('should mark a view in the plain objects and arrays of another realm, and no class instance', () => {
    // Arrange: what a later copy's VM context logs, formatted by the guard its worker's first copy
    // installed on node:console.
    const recorder = newReadRecorder();
    const view = trackReads(structuredClone(ENVELOPE), recorder);
    const wrap = runInNewContext('(value) => ({ calls: [{ response: value }] })') as (
      value: unknown,
    ) => object;
    class Call {
      constructor(readonly response: unknown) {}
    }
    const inInstance = newReadRecorder();
    const inBareObject = newReadRecorder();
    const bare = Object.create(null) as Record<string, unknown>;
    bare['response'] = trackReads(structuredClone(ENVELOPE), inBareObject);
    // Act
    markFormatted([new Call(trackReads(structuredClone(ENVELOPE), inInstance))]);
    markFormatted([wrap(view), bare]);
    // Assert
    expect(toReadLog(recorder).opaque).toMatch(/formatted the envelope as text/);
    expect(toReadLog(inBareObject).opaque).toMatch(/formatted the envelope as text/);
    expect(toReadLog(inInstance).opaque).toBeUndefined();
  });

  test('should hand the tracked site a detached JSON copy, as a mutant is, and no other site a view', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
      't1#0',
    );
    const live = structuredClone(ENVELOPE);
    const other = structuredClone(ENVELOPE);
    // Act
    const view: Loose = observeSite(state, 'envelope', live, { check: {} });
    const untracked = observeSite(state, 'envelope', other, { check: {} });
    live.result.isError = false; // a write to the live envelope after the tap
    const seen: unknown = view.result.isError;
    // Assert
    expect(seen).toBe(true);
    expect(untracked).toBe(other);
    expect(readLogsOf(state)?.['t1#0']?.reads).toContainEqual({
      op: 'value',
      path: ['result', 'isError'],
    });
  });

  test('should let a matched id say only which pending request it picks', () => {
    // Arrange
    const recorder = newReadRecorder();
    const view = trackReads({ jsonrpc: '2.0', id: 2, result: {} }, recorder);
    // Act
    const index = matchedIndex(view, 'id', [2], 0);
    const log = toReadLog(recorder);
    // Assert
    expect(index).toBe(0);
    expect(readsAgree(log.reads, ENVELOPE, { ...ENVELOPE, id: 'other' })).toBe(true);
    expect(readsAgree(log.reads, { id: 2 }, { id: 3 })).toBe(true);
    // The negative control: with two requests pending, another id picks another request.
    const two = newReadRecorder();
    matchedIndex(trackReads({ id: 2 }, two), 'id', [1, 2], 0);
    expect(readsAgree(toReadLog(two).reads, { id: 2 }, { id: 1 })).toBe(false);
  });
});

/** A small program a suite might run on an envelope: reads, keys, membership, vitest matchers. */
const programArbitrary = fc.oneof(
  fc
    .array(fc.constantFrom('jsonrpc', 'id', 'result', 'error', 'isError', 'content', '0', 'code'), {
      minLength: 1,
      maxLength: 3,
    })
    .map((path) => (res: Loose) => {
      let value: Loose = res;
      for (const key of path) value = value?.[key];
      return JSON.stringify({ value });
    }),
  fc.constant((res: Loose) => JSON.stringify(Object.keys(res))),
  fc.constantFrom('error', 'result', 'id').map((key) => (res: Loose) => String(key in res)),
  fc.constant((res: Loose) => JSON.stringify(res.result)),
  fc.constant((res: Loose) => {
    try {
      expect(res).toMatchObject({ result: { isError: true } });
      return 'pass';
    } catch {
      return 'fail';
    }
  }),
);

const jsonEnvelope = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant('1'), fc.constant(null)),
    result: fc.record(
      {
        isError: fc.boolean(),
        content: fc.array(fc.record({ text: fc.string() }), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    error: fc.record({ code: fc.integer({ min: -32700, max: -32000 }) }),
  },
  { requiredKeys: [] },
);

describe('readsAgree over tracked reads (the proof the harness relies on)', () => {
  test('should never call a change unobserved that changes what the program computes', () => {
    fc.assert(
      fc.property(jsonEnvelope, jsonEnvelope, programArbitrary, (original, mutated, program) => {
        const { log, answer } = readsOf(original, program);
        fc.pre(log.opaque === undefined);
        if (readsAgree(log.reads, original, mutated)) {
          expect(program(structuredClone(mutated))).toBe(answer);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('should find pairs it cannot prove, whose programs do compute something else', () => {
    // The negative control of the property above: it is not vacuous.
    let counterexamples = 0;
    fc.assert(
      fc.property(jsonEnvelope, jsonEnvelope, programArbitrary, (original, mutated, program) => {
        const { log, answer } = readsOf(original, program);
        if (!readsAgree(log.reads, original, mutated) && program(mutated) !== answer)
          counterexamples += 1;
      }),
      { numRuns: 200 },
    );
    expect(counterexamples).toBeGreaterThan(0);
  });
});
