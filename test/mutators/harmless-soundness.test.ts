import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allMutators,
  harmlessMutators,
  reformatJsonText,
  removeIsError,
  renumberRequestId,
} from '../../mutators/index.js';
import { setAt } from '../../mutators/_json.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import { bodyMessages, type HttpExchange } from '../../src/http/http-exchange.js';
import { isJsonObject } from '../../src/envelope/json-value.js';
import { check } from '../../src/oracle/check.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { checkHttp } from '../../src/oracle/check-http.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { assertMutatorContract } from './mutator-contract.js';

/**
 * The mirror of the soundness property (soundness.test.ts): on every valid envelope a harmless
 * mutator applies to, under every profile, the oracle reports NO violation for ANY variant. A
 * suite that fails on such a variant fails on a change that breaks no rule: it is Brittle.
 */
const RUNS = { numRuns: 200, seed: 20_261_201 } as const;

/** A tenth of the runs, as for the soundness property: the mutator must really apply. */
const MIN_APPLIED = 20;

const cases = fc
  .constantFrom(...PROFILE_NAMES)
  .chain((profile) => {
    const taxonomy = resolveTaxonomy({ profile });
    return fc.tuple(
      validResponse({ taxonomy }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constant(taxonomy),
    );
  })
  .map(([observed, seed, taxonomy]) => ({ ...observed, seed, taxonomy }));

interface Stats {
  applied: number;
  variants: number;
}

function checkHarmless(mutator: Mutator, stats: Stats) {
  return fc.check(
    fc.property(cases, ({ envelope, context, seed, taxonomy }) => {
      expect(check(envelope, context, taxonomy), 'the original is valid').toEqual([]);
      const mutatorContext = { taxonomy, seed, canaries: context.canaries ?? [], check: context };
      const variants = [...mutator.mutate(envelope, mutatorContext)];
      if (variants.length > 0) stats.applied += 1;
      stats.variants += variants.length;
      for (const variant of variants) {
        const rules = check(variant.value, context, taxonomy).map((violation) => violation.rule);
        expect(rules, `${variant.replacement}: reported [${rules.join(', ')}]`).toEqual([]);
      }
    }),
    RUNS,
  );
}

/**
 * The harmless mutators of each site kind: envelopes, HTTP exchanges (`mutatingFetch`), and the
 * id a client allocates (`connectRaw`).
 */
const onEnvelopes = harmlessMutators.filter((mutator) => mutator.target === 'envelope');
const onExchanges = harmlessMutators.filter((mutator) => mutator.target === 'http');
const onRequestIds = harmlessMutators.filter((mutator) => mutator.target === 'request-id');

/**
 * At an allocation site the client sends, records and matches the id the mutant gives, and the
 * server echoes it (JSON-RPC 2.0 §5). So the exchange a variant yields is the request with the new
 * id and the valid response with it: the oracle must accept the request, accept the response as
 * the answer to it, and find it the answer of no other request in flight. The new id keeps the
 * JSON type of the old one (an integer stays an integer, JSON-RPC 2.0 §4).
 */
function checkHarmlessAllocation(mutator: Mutator, stats: Stats) {
  return fc.check(
    fc.property(cases, ({ envelope, context, seed, taxonomy }) => {
      const id = (envelope as { id?: unknown }).id;
      fc.pre(typeof id === 'string' || typeof id === 'number');
      const others = (context.inFlightIds ?? []).filter((inFlight) => inFlight !== id);
      const allocation = { method: context.method ?? 'tools/call', inFlightIds: others };
      const variants = [...mutator.mutate(id, { taxonomy, seed, canaries: [], check: allocation })];
      if (variants.length > 0) stats.applied += 1;
      stats.variants += variants.length;
      for (const variant of variants) {
        const next = variant.value as string | number;
        const request = { jsonrpc: '2.0', id: next, method: allocation.method };
        const response = setAt(envelope, ['id'], next);
        const rules = [
          ...check(request, {}, taxonomy),
          ...check(response, { ...context, requestId: next, inFlightIds: others }, taxonomy),
          ...check(response, { ...otherThan(context), inFlightIds: others }, taxonomy),
        ].map((violation) => violation.rule);
        expect(rules, `${variant.replacement}: reported [${rules.join(', ')}]`).toEqual([]);
        expect(typeof next, `${variant.replacement}: the id's type`).toBe(typeof id);
        if (typeof next === 'number') expect(Number.isInteger(next)).toBe(true);
      }
    }),
    RUNS,
  );
}

/** A valid response envelope as the JSON body of the POST that asked for it (status 200). */
const exchanges = cases.map(({ envelope, context, seed, taxonomy }) => {
  const exchange: HttpExchange = {
    request: {
      method: 'POST',
      path: '/mcp',
      headers: {},
      body: { jsonrpc: '2.0', id: context.requestId ?? 1, method: context.method ?? 'tools/call' },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { kind: 'json', value: envelope as never },
    },
  };
  return { exchange, context, seed, taxonomy };
});

/**
 * On an exchange the HTTP oracle accepts, whose body the envelope oracle accepts, no variant of
 * an HTTP harmless mutator breaks an HTTP rule or a rule of the envelope its body carries.
 */
function checkHarmlessHttp(mutator: Mutator, stats: Stats) {
  return fc.check(
    fc.property(exchanges, ({ exchange, context, seed, taxonomy }) => {
      // A 200 is the wrong status for some protocol errors under some revisions: not a case.
      fc.pre(checkHttp(exchange, {}, taxonomy).length === 0);
      const mutatorContext = { taxonomy, seed, canaries: [], check: context };
      const variants = [...mutator.mutate(exchange, mutatorContext)];
      if (variants.length > 0) stats.applied += 1;
      stats.variants += variants.length;
      for (const variant of variants) {
        const rules = checkHttp(variant.value, {}, taxonomy).map((violation) => violation.rule);
        const sent = (variant.value as HttpExchange).response.body;
        const carried = bodyMessages(sent).flatMap((message) =>
          check(message, context, taxonomy).map((violation) => violation.rule),
        );
        expect([...rules, ...carried], `${variant.replacement}: reported`).toEqual([]);
      }
    }),
    RUNS,
  );
}

/** The context as the client's other requests see a response: it answers none of them. */
function otherThan(context: CheckContext): CheckContext {
  const { requestId, ...rest } = context;
  return requestId === undefined ? context : rest;
}

describe('harmless mutator soundness', () => {
  it.each(onExchanges.map((mutator) => [mutator.name, mutator] as const))(
    'should make neither oracle report a violation for any variant of %s',
    (_name, mutator) => {
      // Arrange
      const stats: Stats = { applied: 0, variants: 0 };

      // Act
      const details = checkHarmlessHttp(mutator, stats);

      // Assert
      expect(details.failed, fc.defaultReportMessage(details) ?? '').toBe(false);
      expect(stats.applied, 'exchanges the mutator applied to').toBeGreaterThanOrEqual(MIN_APPLIED);
    },
  );

  it('should fail for a "harmless" HTTP mutator that corrupts the body (negative control)', () => {
    // Arrange
    const notHarmless: Mutator = {
      ...reformatJsonText,
      name: 'not-harmless',
      *mutate(target) {
        const exchange = target as HttpExchange;
        const body = exchange.response.body;
        if (body.kind !== 'json' || !isJsonObject(body.value)) return;
        const value = { ...body.value, jsonrpc: '1.0' };
        yield {
          value: { ...exchange, response: { ...exchange.response, body: { kind: 'json', value } } },
          replacement: 'jsonrpc → "1.0"',
          path: ['response', 'body', 'value', 'jsonrpc'],
        };
      },
    };
    const stats: Stats = { applied: 0, variants: 0 };

    // Act
    const details = checkHarmlessHttp(notHarmless, stats);

    // Assert
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toContain('jsonrpc.version');
  });

  it.each(onEnvelopes.map((mutator) => [mutator.name, mutator] as const))(
    'should make the oracle report no violation for any variant of %s',
    (_name, mutator) => {
      // Arrange
      const stats: Stats = { applied: 0, variants: 0 };

      // Act
      const details = checkHarmless(mutator, stats);

      // Assert
      expect(details.failed, fc.defaultReportMessage(details) ?? '').toBe(false);
      expect(stats.applied, 'targets the mutator applied to').toBeGreaterThanOrEqual(MIN_APPLIED);
      expect(stats.variants).toBeGreaterThanOrEqual(stats.applied);
    },
  );

  it('should fail for a "harmless" mutator that deletes isError (negative control)', () => {
    // Arrange
    const notHarmless: Mutator = {
      ...removeIsError,
      name: 'not-harmless',
      expectedKillers: [],
      harmless: true,
    };
    const stats: Stats = { applied: 0, variants: 0 };

    // Act
    const details = checkHarmless(notHarmless, stats);

    // Assert
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toContain('mcp.is-error');
  });
});

describe('harmless mutator soundness at an allocation site', () => {
  it.each(onRequestIds.map((mutator) => [mutator.name, mutator] as const))(
    'should yield an exchange the oracle accepts end to end for every variant of %s',
    (_name, mutator) => {
      // Arrange
      const stats: Stats = { applied: 0, variants: 0 };

      // Act
      const details = checkHarmlessAllocation(mutator, stats);

      // Assert
      expect(details.failed, fc.defaultReportMessage(details) ?? '').toBe(false);
      expect(stats.applied, 'ids the mutator applied to').toBeGreaterThanOrEqual(MIN_APPLIED);
      expect(stats.variants).toBe(stats.applied);
    },
  );

  it('should fail for a "harmless" renumbering that reuses an id in flight (negative control)', () => {
    // Arrange
    const notHarmless: Mutator = {
      ...renumberRequestId,
      name: 'not-harmless',
      *mutate(target, context) {
        const inFlight = (context.check.inFlightIds ?? []).find((id) => id !== target);
        if (inFlight === undefined || inFlight === null) return;
        yield { value: inFlight, replacement: `request id → ${String(inFlight)}`, path: [] };
      },
    };
    const stats: Stats = { applied: 0, variants: 0 };

    // Act
    const details = checkHarmlessAllocation(notHarmless, stats);

    // Assert
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toContain('jsonrpc.id');
  });
});

describe('the harmless mutators', () => {
  it('should be marked harmless, expect no killer and stay out of the default catalogue', () => {
    const defaults = new Set(allMutators.map((mutator) => mutator.name));
    for (const mutator of harmlessMutators) {
      expect(mutator.harmless).toBe(true);
      expect(mutator.expectedKillers).toEqual([]);
      expect(['envelope', 'http', 'request-id']).toContain(mutator.target);
      expect(mutator.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(defaults.has(mutator.name)).toBe(false);
    }
    expect(allMutators.some((mutator) => mutator.harmless === true)).toBe(false);
  });

  it.each([...onEnvelopes, ...onRequestIds].map((mutator) => [mutator.name, mutator] as const))(
    'should never throw, modify its input, yield an equivalent or vary with the same seed: %s',
    (_name, mutator) => {
      expect(() => assertMutatorContract(mutator)).not.toThrow();
    },
  );
});
