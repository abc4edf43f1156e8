import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { DecodedOutcome, Decoder, RawEnvelope } from '../../src/fuzz/decoder.js';
import { replayFuzzFixture } from '../../src/fuzz/replay-fuzz-fixture.js';

/** A fixture: request 1 answered by a result without content (mcp.content under MCP). */
function fixtureOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'envelope-mutants/fuzz-fixture@1',
    name: 'n',
    decoder: 'd',
    property: 'no-false-success',
    profile: 'mcp-2025-11-25',
    replay: { seed: 1, path: '0', command: '' },
    requests: [{ id: 1, method: 'tools/call' }],
    envelopes: [
      {
        text: '{"jsonrpc":"2.0","id":1,"result":{}}',
        value: { jsonrpc: '2.0', id: 1, result: {} },
        intendedFor: 1,
        role: 'generated',
        violations: [],
      },
    ],
    breaks: ['mcp.content'],
    canaries: ['CANARY-plantedAAAA1'],
    outcomes: [],
    failures: [],
    ...overrides,
  };
}

/** A decoder that settles every request with `outcome` once an envelope arrived. */
function settlesAs(outcome: DecodedOutcome, sanitizes = false, seen: RawEnvelope[] = []): Decoder {
  return {
    name: 'settles',
    sanitizes,
    createSession: () => {
      let received = false;
      return {
        request: () => undefined,
        receive: (envelope) => {
          seen.push(envelope);
          received = true;
        },
        outcome: () => (received ? outcome : { kind: 'pending' }),
      };
    },
  };
}

describe('replayFuzzFixture', () => {
  it('should report the failures of the case', async () => {
    // Act
    const failures = await replayFuzzFixture(settlesAs({ kind: 'success' }), fixtureOf());

    // Assert
    expect(failures).toEqual([
      {
        property: 'no-false-success',
        request: 1,
        delivery: 0,
        message:
          'request 1 came out as success from an envelope the oracle judges invalid (mcp.content)',
      },
    ]);
  });

  it('should judge the envelopes under the fixture profile', async () => {
    // Arrange: a result without resultType, which only MCP 2026-07-28 requires
    const value = { jsonrpc: '2.0', id: 1, result: { content: [] } };
    const envelopes = [
      { text: JSON.stringify(value), value, intendedFor: 1, role: 'generated', violations: [] },
    ];
    const decoder = settlesAs({ kind: 'success' });

    // Act
    const current = await replayFuzzFixture(decoder, fixtureOf({ envelopes }));
    const next = await replayFuzzFixture(
      decoder,
      fixtureOf({ envelopes, profile: 'mcp-2026-07-28' }),
    );

    // Assert
    expect(current).toEqual([]);
    expect(next.map((failure) => failure.message)).toEqual([
      'request 1 came out as success from an envelope the oracle judges invalid (mcp.result-type)',
    ]);
  });

  it('should judge no-leak against the fixture canaries', async () => {
    // Arrange
    const decoder = settlesAs({ kind: 'invalid', modelFacing: 'CANARY-plantedAAAA1' }, true);

    // Act
    const failures = await replayFuzzFixture(decoder, fixtureOf());

    // Assert
    expect(failures.map((failure) => failure.property)).toEqual(['no-leak']);
  });

  it('should deliver an envelope without value as text only', async () => {
    // Arrange
    const seen: RawEnvelope[] = [];
    const envelope = { text: 'not json', intendedFor: 1, role: 'generated', violations: [] };

    // Act
    await replayFuzzFixture(
      settlesAs({ kind: 'invalid' }, false, seen),
      fixtureOf({ envelopes: [envelope] }),
    );

    // Assert
    expect(seen).toStrictEqual([{ text: 'not json' }]);
  });

  it('should wait 50 ms for a hook by default, and the given deadline otherwise', async () => {
    // Arrange: the outcome takes 10 ms
    const slow: Decoder = {
      name: 'slow',
      sanitizes: false,
      createSession: () => ({
        request: () => undefined,
        receive: () => undefined,
        outcome: () =>
          new Promise<DecodedOutcome>((resolve) =>
            setTimeout(() => resolve({ kind: 'invalid' }), 10),
          ),
      }),
    };

    // Act
    const waited = await replayFuzzFixture(slow, fixtureOf());
    const cut = await replayFuzzFixture(slow, fixtureOf(), { deadlineMs: 1 });

    // Assert: settled at once is a correlation failure; cut short, the request stays pending
    expect(waited.map((failure) => failure.property)).toEqual(['correlation']);
    expect(cut).toEqual([]);
  });

  it.each([
    ['a string', 'fixture'],
    ['null', null],
    ['another format', fixtureOf({ format: 'envelope-mutants/fuzz-fixture@2' })],
    ['no requests', fixtureOf({ requests: undefined })],
    ['envelopes that are not a list', fixtureOf({ envelopes: {} })],
    ['no breaks', fixtureOf({ breaks: 'mcp.content' })],
    ['no canaries', fixtureOf({ canaries: null })],
    ['a profile that is not a string', fixtureOf({ profile: 2025 })],
  ])('should reject %s with a ConfigError', async (_label, fixture) => {
    // Act
    const run = replayFuzzFixture(settlesAs({ kind: 'success' }), fixture);

    // Assert
    await expect(run).rejects.toSatisfy(isConfigError);
    await expect(run).rejects.toThrow(
      'replayFuzzFixture: expected a fixture with format "envelope-mutants/fuzz-fixture@1". Pass the parsed JSON of a file written by envelope-mutants fuzz --out.',
    );
  });
});
