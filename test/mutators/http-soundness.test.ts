import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMutators, swapAuthStatus } from '../../mutators/index.js';
import type { HttpExchange } from '../../src/http/http-exchange.js';
import type { Mutator, MutatorContext } from '../../src/mutant/mutator.js';
import { checkHttp } from '../../src/oracle/check-http.js';
import type { HttpCheckContext } from '../../src/oracle/http-check-context.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { ProfileName } from '../../src/taxonomy/taxonomy.js';
import { assertMutatorContract } from './mutator-contract.js';
import { deepFreeze } from './mutator-spec.js';

const HTTP_MUTATORS = allMutators.filter((mutator) => mutator.target === 'http');
// Full size even under StrykerJS: the test counts how many exchanges each mutator applies to.
const RUNS = { numRuns: 200, seed: 20_261_201 } as const;
const MCP_PROFILES: readonly ProfileName[] = ['mcp-2025-06-18', 'mcp-2025-11-25', 'mcp-2026-07-28'];

/** A valid exchange the oracle accepts, with what a test that provoked it knows. */
interface HttpCase {
  readonly exchange: HttpExchange;
  readonly context: HttpCheckContext;
  readonly profile: ProfileName;
}

const scopeArb = fc.stringMatching(/^[a-z]{1,8}:[a-z]{1,8}$/);
const idArb = fc.oneof(fc.nat({ max: 1000 }), fc.stringMatching(/^[a-z0-9-]{1,8}$/));
const methodArb = fc.constantFrom('tools/call', 'tools/list', 'initialize', 'resources/list');
const descriptionArb = fc.option(fc.stringMatching(/^[A-Za-z ,.:]{1,30}$/), { nil: undefined });

function requestOf(id: string | number, method: string): HttpExchange['request'] {
  return {
    method: 'POST',
    path: '/mcp',
    headers: { authorization: 'Bearer' },
    body: { jsonrpc: '2.0', id, method },
  };
}

function challenge(params: Readonly<Record<string, string | undefined>>): string {
  const shown = Object.entries(params).filter(([, value]) => value !== undefined);
  return `Bearer ${shown.map(([name, value]) => `${name}="${value ?? ''}"`).join(', ')}`;
}

/** 401s and step-up 403s as each revision wants them, with the scopes they name. */
const authCases: fc.Arbitrary<HttpCase> = fc
  .record({
    profile: fc.constantFrom(...MCP_PROFILES),
    status: fc.constantFrom(401, 403),
    id: idArb,
    method: methodArb,
    scopes: fc.uniqueArray(scopeArb, { minLength: 1, maxLength: 3 }),
    description: descriptionArb,
  })
  .map(({ profile, status, id, method, scopes, description }) => {
    const metadata = 'https://mcp.example.com/.well-known/oauth-protected-resource';
    const header =
      status === 401
        ? challenge({
            resource_metadata: metadata,
            scope: scopes.join(' '),
            error_description: description,
          })
        : challenge({
            error: 'insufficient_scope',
            scope: scopes.join(' '),
            resource_metadata: metadata,
            error_description: description,
          });
    const exchange: HttpExchange = {
      request: requestOf(id, method),
      response: {
        status,
        headers: { 'www-authenticate': header, 'content-type': 'application/json' },
        body: {
          kind: 'json',
          value: { error: status === 401 ? 'invalid_token' : 'insufficient_scope' },
        },
      },
    };
    const expected = status === 401 ? 'unauthorized' : 'insufficient-scope';
    return { exchange, context: { expected, scopes }, profile };
  });

/** Protocol errors with the status their revision pairs them with. */
const pairedCases: fc.Arbitrary<HttpCase> = fc
  .record({
    id: fc.option(idArb, { nil: null }),
    pair: fc.constantFrom(
      { profile: 'mcp-2025-11-25', status: 400, code: -32000, expected: 'missing-session' },
      { profile: 'mcp-2025-06-18', status: 404, code: -32001, expected: 'unknown-session' },
      {
        profile: 'mcp-2025-11-25',
        status: 400,
        code: -32000,
        expected: 'unsupported-protocol-version',
      },
      { profile: 'mcp-2026-07-28', status: 404, code: -32601, expected: undefined },
      { profile: 'mcp-2026-07-28', status: 400, code: -32022, expected: undefined },
    ),
  })
  .map(({ id, pair }) => ({
    exchange: {
      request: requestOf(id ?? 1, 'tools/list'),
      response: {
        status: pair.status,
        headers: { 'content-type': 'application/json' },
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id, error: { code: pair.code, message: 'no' } },
        },
      },
    },
    context: pair.expected === undefined ? {} : { expected: pair.expected },
    profile: pair.profile,
  }));

/** A foreign Origin refused with 403 (2025-06-18 names no status: no mutant may apply there). */
const originCases: fc.Arbitrary<HttpCase> = fc
  .record({
    profile: fc.constantFrom(...MCP_PROFILES),
    id: idArb,
    method: methodArb,
    notification: fc.boolean(),
    origin: fc.constantFrom('https://attacker.example', 'http://localhost:8080', 'null'),
  })
  .map(({ profile, id, method, notification, origin }) => ({
    exchange: {
      request: {
        ...requestOf(id, method),
        headers: { authorization: 'Bearer', origin },
        ...(notification ? { body: { jsonrpc: '2.0', method: 'notifications/initialized' } } : {}),
      },
      response: {
        status: 403,
        headers: { 'content-type': 'application/json' },
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Forbidden' } },
        },
      },
    },
    context: { expected: 'foreign-origin' },
    profile,
  }));

/** A notification or response POSTed and accepted: 202 with no body, under every MCP revision. */
const acceptedCases: fc.Arbitrary<HttpCase> = fc
  .record({
    profile: fc.constantFrom(...MCP_PROFILES),
    message: fc.oneof(
      fc.constantFrom('notifications/initialized', 'notifications/cancelled').map((method) => ({
        jsonrpc: '2.0',
        method,
      })),
      idArb.map((id) => ({ jsonrpc: '2.0', id, result: {} })),
    ),
  })
  .map(({ profile, message }) => ({
    exchange: {
      request: {
        method: 'POST',
        path: '/mcp',
        headers: { authorization: 'Bearer' },
        body: message,
      },
      response: { status: 202, headers: {}, body: { kind: 'empty' } },
    },
    context: {},
    profile,
  }));

// Half the cases stay authorization failures: the tools/call-only mutators need enough of them.
const cases = fc.oneof(
  { arbitrary: authCases, weight: 3 },
  { arbitrary: pairedCases, weight: 1 },
  { arbitrary: originCases, weight: 1 },
  { arbitrary: acceptedCases, weight: 1 },
);

function rulesOf(value: unknown, c: HttpCase, canaries: readonly string[] = []): string[] {
  const context = { ...c.context, canaries };
  return checkHttp(value, context, resolveTaxonomy({ profile: c.profile })).map((v) => v.rule);
}

/** Every variant of `mutator` on valid exchanges breaks one of its expected killers. */
function soundness(mutator: Mutator): { applied: number; failure: string | null } {
  let applied = 0;
  const details = fc.check(
    fc.property(cases, fc.integer(), (c, seed) => {
      expect(rulesOf(c.exchange, c), 'the original is valid').toEqual([]);
      const context: MutatorContext = {
        taxonomy: resolveTaxonomy({ profile: c.profile }),
        seed,
        canaries: [],
        check: {},
      };
      const variants = [...mutator.mutate(deepFreeze(structuredClone(c.exchange)), context)];
      if (variants.length > 0) applied += 1;
      for (const variant of variants) {
        const rules = rulesOf(variant.value, c);
        const killed = rules.some((rule) => (mutator.expectedKillers as string[]).includes(rule));
        expect(killed, `${variant.replacement}: reported [${rules.join(', ')}]`).toBe(true);
      }
    }),
    RUNS,
  );
  if (!details.failed) return { applied, failure: null };
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  return { applied, failure: `${fc.defaultReportMessage(details) ?? ''}\n${cause}` };
}

describe('HTTP-layer mutator soundness', () => {
  it.each(HTTP_MUTATORS.map((mutator) => [mutator.name, mutator] as const))(
    'should make checkHttp report an expected killer for every variant of %s',
    (_name, mutator) => {
      const { applied, failure } = soundness(mutator);

      expect(failure).toBeNull();
      expect(applied, 'exchanges the mutator applied to').toBeGreaterThanOrEqual(20);
    },
  );

  it('should fail the soundness check of a swap-auth-status that keeps the status (negative control)', () => {
    const keeps: Mutator = {
      ...swapAuthStatus,
      *mutate(target) {
        yield {
          value: { ...(target as HttpExchange) },
          replacement: 'kept',
          path: ['response', 'status'],
        };
      },
    };

    const { failure } = soundness(keeps);
    expect(failure).toMatch(/kept: reported \[\]/);
  });

  it.each(HTTP_MUTATORS.map((mutator) => [mutator.name, mutator] as const))(
    'should hold the mutator contract on HTTP exchanges too: %s',
    (_name, mutator) => {
      expect(() =>
        assertMutatorContract(
          mutator,
          50,
          cases.map((c) => c.exchange),
        ),
      ).not.toThrow();
    },
  );
});
