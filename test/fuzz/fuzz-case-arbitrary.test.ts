import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ObservedEnvelope } from '../../src/arbitraries/observed-envelope.js';
import type { JsonRpcId } from '../../src/envelope/json-value.js';
import type { FuzzCase } from '../../src/fuzz/fuzz-case.js';
import {
  type FuzzCaseSources,
  type GeneratedEnvelope,
  fuzzCaseArbitrary,
} from '../../src/fuzz/fuzz-case-arbitrary.js';

const SCHEMA = { type: 'object' };
const GENERATED: GeneratedEnvelope = {
  envelope: { jsonrpc: '2.0', id: 5, result: { content: [] } },
  context: { requestId: 5, method: 'tools/call', outputSchema: SCHEMA, canaries: ['CANARY-x1'] },
  breaks: ['mcp.content'],
};
const COMPANION: ObservedEnvelope = {
  envelope: { jsonrpc: '2.0', id: 'ignored', result: { content: [] } },
  context: { requestId: 'ignored', method: 'ping', outputSchema: SCHEMA },
};

/** Cases drawn from constant sources; `companionFirst` is the only thing left to chance. */
function casesOf(
  generated: GeneratedEnvelope,
  freshId: JsonRpcId = 9,
  extra: Partial<FuzzCaseSources> = {},
  companion: ObservedEnvelope = COMPANION,
): FuzzCase[] {
  return fc.sample(
    fuzzCaseArbitrary({
      generated: fc.constant(generated),
      companion: fc.constant(companion),
      requestId: fc.constant(freshId),
      ...extra,
    }),
    { seed: 1, numRuns: 30 },
  );
}

/** The one case (first delivery: the generated envelope) among the samples. */
function generatedFirst(cases: FuzzCase[]): FuzzCase {
  const found = cases.find((fuzzCase) => fuzzCase.deliveries[0]?.role === 'generated');
  if (found === undefined) throw new Error('no case with the generated envelope first');
  return found;
}

describe('fuzzCaseArbitrary', () => {
  it('should put two requests in flight and answer each with its own envelope', () => {
    // Act
    const fuzzCase = generatedFirst(casesOf(GENERATED));

    // Assert: the companion's id is overwritten; outputSchema only for tools/call
    expect(fuzzCase).toStrictEqual({
      requests: [
        { id: 5, method: 'tools/call', outputSchema: SCHEMA },
        { id: 9, method: 'ping' },
      ],
      deliveries: [
        {
          envelope: {
            text: '{"jsonrpc":"2.0","id":5,"result":{"content":[]}}',
            value: GENERATED.envelope,
          },
          intendedFor: 5,
          role: 'generated',
        },
        {
          envelope: {
            text: '{"jsonrpc":"2.0","id":9,"result":{"content":[]}}',
            value: { jsonrpc: '2.0', id: 9, result: { content: [] } },
          },
          intendedFor: 9,
          role: 'companion',
        },
      ],
      breaks: ['mcp.content'],
      canaries: ['CANARY-x1'],
    });
  });

  it('should deliver the companion first in some cases and second in others', () => {
    // Act
    const orders = casesOf(GENERATED).map((fuzzCase) =>
      fuzzCase.deliveries.map((delivery) => delivery.role).join(','),
    );

    // Assert
    expect(new Set(orders)).toEqual(new Set(['generated,companion', 'companion,generated']));
  });

  it('should default to tools/call, no breaks and no canaries, and take a fresh id for an unnamed request', () => {
    // Arrange
    const bare: GeneratedEnvelope = { envelope: { jsonrpc: '2.0', id: null }, context: {} };
    const companion: ObservedEnvelope = { envelope: {}, context: { outputSchema: SCHEMA } };

    // Act
    const fuzzCase = generatedFirst(casesOf(bare, 'fresh', {}, companion));

    // Assert: the fresh id goes to both requests, the other one moved off the first
    expect(fuzzCase.requests).toStrictEqual([
      { id: 'fresh', method: 'tools/call' },
      { id: 'fresh-other', method: 'tools/call', outputSchema: SCHEMA },
    ]);
    expect(fuzzCase.breaks).toEqual([]);
    expect(fuzzCase.canaries).toEqual([]);
  });

  it('should give requests without a method the method of the sources', () => {
    // Arrange
    const bare: GeneratedEnvelope = { envelope: {}, context: { outputSchema: SCHEMA } };

    // Act
    const fuzzCase = generatedFirst(
      casesOf(bare, 3, { method: 'fuzz/echo' }, { envelope: {}, context: {} }),
    );

    // Assert
    expect(fuzzCase.requests).toStrictEqual([
      { id: 3, method: 'fuzz/echo' },
      { id: 4, method: 'fuzz/echo' },
    ]);
  });

  it('should take 0 for a generated request when the fresh id is null', () => {
    // Arrange
    const bare: GeneratedEnvelope = { envelope: {}, context: {} };

    // Act
    const fuzzCase = generatedFirst(casesOf(bare, null));

    // Assert: and the other request, also 0, moves to 1
    expect(fuzzCase.requests.map((request) => request.id)).toEqual([0, 1]);
  });

  it('should name the other request after the first in-flight id that is neither null nor the target', () => {
    // Arrange
    const generated: GeneratedEnvelope = {
      ...GENERATED,
      context: { ...GENERATED.context, inFlightIds: [null, 5, 'other', 'later'] },
    };

    // Act
    const fuzzCase = generatedFirst(casesOf(generated));

    // Assert
    expect(fuzzCase.requests.map((request) => request.id)).toEqual([5, 'other']);
    expect(fuzzCase.deliveries[1]?.envelope.value).toMatchObject({ id: 'other' });
  });

  it.each([
    ['the same number', 5, 5, 6],
    ['the same text of another type', 5, '5', '5-other'],
    ['a loosely equal number', 5, '05', '05-other'],
    ['the same text', 'a', 'a', 'a-other'],
    ['a number equal to a numeric string', '7', 7, 8],
  ])(
    'should move the other request off %s as the target',
    (_label, target: JsonRpcId, clash: JsonRpcId, expected) => {
      // Arrange: the clashing id is named in flight and is also the fresh id
      const generated: GeneratedEnvelope = {
        envelope: {},
        context: { requestId: target, inFlightIds: [clash] },
      };

      // Act
      const fuzzCase = generatedFirst(casesOf(generated, clash));

      // Assert
      expect(fuzzCase.requests.map((request) => request.id)).toEqual([target, expected]);
    },
  );

  it('should keep an in-flight id that clashes neither in text nor in number', () => {
    // Arrange
    const generated: GeneratedEnvelope = {
      envelope: {},
      context: { requestId: 'a', inFlightIds: ['b'] },
    };

    // Act
    const fuzzCase = generatedFirst(casesOf(generated));

    // Assert
    expect(fuzzCase.requests.map((request) => request.id)).toEqual(['a', 'b']);
  });
});
