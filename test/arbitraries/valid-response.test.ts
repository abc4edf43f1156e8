import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ObservedEnvelope } from '../../src/arbitraries/observed-envelope.js';
import { protocolError } from '../../src/arbitraries/protocol-error.js';
import { successResponse } from '../../src/arbitraries/success-response.js';
import { toolErrorResult } from '../../src/arbitraries/tool-error-result.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import { isJsonObject } from '../../src/envelope/json-value.js';
import { layerOf } from '../../src/envelope/message-kind.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { PROPERTY_RUNS, expectValid } from './arbitrary-contract.js';

const MCP_PROFILES = PROFILE_NAMES.filter((profile) => profile !== 'jsonrpc-2.0');

function resultOf(observed: ObservedEnvelope): Readonly<Record<string, unknown>> {
  const result = observed.envelope['result'];
  return isJsonObject(result) ? result : {};
}

describe('validResponse', () => {
  it.each(PROFILE_NAMES)('should produce only envelopes the oracle accepts under %s', (profile) => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile });

    // Act / Assert
    fc.assert(
      fc.property(validResponse({ profile }), (observed) => expectValid(observed, taxonomy)),
      PROPERTY_RUNS,
    );
  });

  it.each(MCP_PROFILES)('should accept each kind of response on its own under %s', (profile) => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile });
    const kinds = fc.oneof(
      successResponse({ taxonomy }),
      protocolError({ taxonomy }),
      toolErrorResult({ taxonomy }),
    );

    // Act / Assert
    fc.assert(
      fc.property(kinds, (observed) => expectValid(observed, taxonomy)),
      PROPERTY_RUNS,
    );
  });

  it.each(PROFILE_NAMES)(
    'should answer with a null id only to an unreadable request under %s',
    (profile) => {
      // Arrange
      const sample = fc.sample(validResponse({ profile }), { seed: 7, numRuns: 600 });

      // Act
      const nullIds = sample.filter(({ envelope }) => envelope['id'] === null);

      // Assert: JSON-RPC 2.0 §5 allows null on -32700 / -32600 error responses; MCP never does.
      if (profile !== 'jsonrpc-2.0') expect(nullIds).toEqual([]);
      else expect(nullIds.length).toBeGreaterThan(0);
      for (const { envelope, context } of nullIds) {
        expect(layerOf(envelope)).toBe('protocol');
        expect([-32700, -32600]).toContain(context.expected?.code);
      }
    },
  );

  it.each(PROFILE_NAMES)(
    'should mark every result final exactly when %s requires it',
    (profile) => {
      // Arrange
      const requires = profile === 'mcp-2026-07-28';
      const sample = fc.sample(validResponse({ profile }), { seed: 8, numRuns: 300 });

      // Act
      const results = sample.filter(({ envelope }) => 'result' in envelope).map(resultOf);

      // Assert
      expect(results.length).toBeGreaterThan(0);
      for (const result of results)
        expect(result['resultType']).toBe(requires ? 'complete' : undefined);
    },
  );

  it.each(MCP_PROFILES)(
    'should cover tool failures, structured content and every layer under %s',
    (profile) => {
      // Arrange
      const sample = fc.sample(validResponse({ profile }), { seed: 9, numRuns: 400 });

      // Act
      const layers = new Set(sample.map(({ envelope }) => layerOf(envelope)));
      const structured = sample.filter(
        (o) => layerOf(o.envelope) === 'success' && o.context.outputSchema !== undefined,
      );
      const failuresWithSchema = sample.filter(
        (o) => layerOf(o.envelope) === 'tool' && o.context.outputSchema !== undefined,
      );

      // Assert
      expect([...layers].sort()).toEqual(['protocol', 'success', 'tool']);
      expect(structured.length).toBeGreaterThan(0);
      for (const o of structured) expect(resultOf(o)['structuredContent']).toBeDefined();
      expect(failuresWithSchema.length).toBeGreaterThan(0);
      for (const o of failuresWithSchema) expect(resultOf(o)['structuredContent']).toBeUndefined();
    },
  );

  it.each(PROFILE_NAMES)(
    'should draw only current codes of the expected failure class under %s',
    (profile) => {
      // Arrange
      const taxonomy = resolveTaxonomy({ profile });
      const sample = fc.sample(protocolError({ taxonomy }), { seed: 10, numRuns: 200 });

      // Act
      const codes = sample.map(({ envelope, context }) => {
        const error = envelope['error'] as { code: number };
        return { code: error.code, expected: context.expected };
      });

      // Assert
      for (const { code, expected } of codes) {
        expect(expected?.code).toBe(code);
        expect(taxonomy.codes.get(code)?.status).toBe('current');
        expect(taxonomy.failureClasses.get(expected?.failureClass ?? '')?.code).toBe(code);
      }
    },
  );

  it("should draw the project's own failure classes and codes", () => {
    // Arrange
    const taxonomy = resolveTaxonomy({
      profile: 'mcp-2025-11-25',
      taxonomy: {
        codes: [{ code: -32001, name: 'Quota exceeded', meaning: 'The plan quota is used up.' }],
        failureClasses: { 'quota-exceeded': { layer: 'protocol', code: -32001 } },
      },
    });
    const sample = fc.sample(protocolError({ taxonomy }), { seed: 12, numRuns: 300 });

    // Act
    const quota = sample.filter(
      ({ context }) => context.expected?.failureClass === 'quota-exceeded',
    );

    // Assert
    expect(quota.length).toBeGreaterThan(0);
    for (const observed of sample) expectValid(observed, taxonomy);
  });

  it('should fail the validity check for an envelope answering another request (negative control)', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
    const [observed] = fc.sample(successResponse({ taxonomy }), { seed: 11, numRuns: 1 });
    if (observed === undefined) throw new Error('no sample');
    const wrongId = { ...observed, envelope: { ...observed.envelope, id: 'another-request' } };

    // Act / Assert
    expect(() => expectValid(wrongId, taxonomy)).toThrow();
  });
});
