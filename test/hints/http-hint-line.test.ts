import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { expectHttp } from '../../src/assertions/expect-http.js';
import { formatHint } from '../../src/hints/format-hint.js';
import { hintLine, type AssertionStyle, type HintLine } from '../../src/hints/hint-line.js';
import { survivorHint } from '../../src/hints/survivor-hint.js';
import type { HttpExchange } from '../../src/http/http-exchange.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import { ruleFromFailureMessage } from '../../src/oracle/attribute-failure.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { ProfileName } from '../../src/taxonomy/taxonomy.js';
import {
  ACCEPTED,
  FOREIGN_ORIGIN,
  MISSING_SESSION,
  STEP_UP,
  UNAUTHORIZED,
  withStatus,
} from '../support/http-exchanges.js';

const HTTP_MUTATORS = allMutators.filter((mutator) => mutator.target === 'http');
const PROFILES: readonly ProfileName[] = ['mcp-2025-06-18', 'mcp-2025-11-25', 'mcp-2026-07-28'];
const CANARY = 'CANARY-writerTok4Hd8p3';

/** The exchanges a contract suite over Streamable HTTP observes (examples/mcp-http-server). */
const SITES: readonly { readonly name: string; readonly value: HttpExchange }[] = [
  { name: 'step-up 403', value: STEP_UP },
  { name: '401 without a token', value: UNAUTHORIZED },
  { name: 'missing session (400)', value: MISSING_SESSION },
  {
    name: 'unknown session (404)',
    value: {
      request: { ...MISSING_SESSION.request, headers: { 'mcp-session-id': 'no-such-session' } },
      response: { ...MISSING_SESSION.response, status: 404 },
    },
  },
  {
    name: 'unsupported protocol version (400)',
    value: {
      ...MISSING_SESSION,
      request: {
        ...MISSING_SESSION.request,
        headers: { 'mcp-session-id': '<session-1>', 'mcp-protocol-version': '1999-01-01' },
      },
    },
  },
  {
    name: 'unknown method (404, -32601)',
    value: {
      request: {
        method: 'POST',
        path: '/mcp',
        headers: {},
        body: { jsonrpc: '2.0', id: 4, method: 'x/y' },
      },
      response: {
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } },
        },
      },
    },
  },
  { name: 'accepted notification', value: ACCEPTED },
  { name: 'foreign Origin (403)', value: FOREIGN_ORIGIN },
];

/** Runs a hint's line against `exchange` the way a test would, with vitest's own `expect`. */
function ruleOnFailure(line: HintLine, exchange: unknown): string {
  try {
    // The line is JavaScript a user pastes; evaluating it is the only honest check that it works.
    const run = new Function('expect', 'expectHttp', line.variable, line.code) as (
      ...values: unknown[]
    ) => void;
    run(expect, expectHttp, exchange);
    return 'passed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ruleFromFailureMessage(message, new Map()) ?? `unnamed: ${message}`;
  }
}

/** How many variants `mutator` made at `site`, each failing the hint at an expected killer. */
function check(
  mutator: Mutator,
  site: (typeof SITES)[number],
  profile: ProfileName,
  style: AssertionStyle,
): number {
  const taxonomy = resolveTaxonomy({ profile });
  const canaries = [CANARY];
  const variants = [...mutator.mutate(site.value, { taxonomy, seed: 7, canaries, check: {} })];
  if (variants.length === 0) return 0;
  const line = hintLine({
    mutatorName: mutator.name,
    value: site.value,
    check: {},
    style,
    canaries,
    taxonomy,
  });
  expect(line, `${mutator.name} at ${site.name} (${profile}): no hint`).toBeDefined();
  if (line === undefined) return 0;
  expect(ruleOnFailure(line, site.value), `${line.code} on the observed exchange`).toBe('passed');
  for (const variant of variants) {
    const rule = ruleOnFailure(line, variant.value);
    expect(mutator.expectedKillers, `${line.code} on ${variant.replacement}`).toContain(rule);
  }
  return variants.length;
}

describe('hints for the HTTP-layer mutators', () => {
  it.each(HTTP_MUTATORS.map((mutator) => [mutator.name, mutator] as const))(
    'should kill every %s variant at a named rule and pass on the observed exchange',
    (_name, mutator) => {
      let killed = 0;
      for (const profile of PROFILES) {
        for (const site of SITES) {
          for (const style of ['expect', 'library', 'sdk'] as const)
            killed += check(mutator, site, profile, style);
        }
      }

      expect(killed, `${mutator.name} applied to no site`).toBeGreaterThan(0);
    },
  );

  it('should name the scopes of the observed challenge and the project canaries', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
    const input = {
      value: STEP_UP,
      check: {},
      style: 'expect',
      canaries: [CANARY],
      taxonomy,
    } as const;

    const challenge = hintLine({ ...input, mutatorName: 'auth-failure-as-tool-error' });
    const leak = hintLine({ ...input, mutatorName: 'leak-challenge-canary' });

    expect(challenge).toEqual({
      rule: 'http.auth',
      code: `expectHttp(exchange).toBeAuthChallenge({ scope: 'accounts:read accounts:write' })`,
      variable: 'exchange',
      imports: [{ name: 'expectHttp', from: 'envelope-mutants' }],
    });
    expect(leak?.code).toBe(`expectHttp(exchange).toNotLeak(['${CANARY}'])`);
  });

  it('should pass the profile when it is not the default, and give no hint under jsonrpc-2.0', () => {
    const input = { value: ACCEPTED, check: {}, style: 'library', canaries: [] } as const;

    const next = hintLine({
      ...input,
      mutatorName: 'change-accepted-response',
      taxonomy: resolveTaxonomy({ profile: 'mcp-2026-07-28' }),
    });
    const none = hintLine({
      ...input,
      mutatorName: 'change-accepted-response',
      taxonomy: resolveTaxonomy({ profile: 'jsonrpc-2.0' }),
    });

    expect(next?.code).toBe(`expectHttp(exchange, { profile: 'mcp-2026-07-28' }).toBeAccepted()`);
    expect(none).toBeUndefined();
  });

  it('should say which exchange the line asserts on in the text of a survivor hint', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
    const site = {
      key: 't1#http:POST:tools/call#1',
      kind: 'http',
      file: 'test/authorization.test.ts',
      testIds: ['t1'],
      fileLevel: false,
      value: STEP_UP,
      check: { requestId: 7, method: 'tools/call' },
    } as const;

    const hint = survivorHint(
      { id: 'm1', mutatorName: 'swap-auth-status', status: 'Survived' },
      {
        site,
        tests: [{ id: 't1', name: 'auth > step-up', file: site.file }],
        style: 'expect',
        canaries: [],
        taxonomy,
      },
    );

    expect(hint?.rule).toBe('http.status');
    expect(formatHint(hint ?? must())).toBe(
      [
        `add to test/authorization.test.ts > "auth > step-up", where \`exchange\` is the tools/call HTTP exchange the tapped fetch recorded (an element of its \`exchanges\`) (site t1#http:POST:tools/call#1):`,
        `  expectHttp(exchange).toBeAuthChallenge({ scope: 'accounts:read accounts:write' })`,
        `  // import { expectHttp } from 'envelope-mutants';`,
      ].join('\n'),
    );
  });

  it('should fail the negative control: a hint without the expectation is caught', () => {
    const weak: HintLine = {
      rule: 'http.status',
      code: `expect(exchange.response.status).toBe(403)`,
      variable: 'exchange',
      imports: [],
    };

    expect(ruleOnFailure(weak, withStatus(STEP_UP, 401))).toMatch(/^unnamed/);
  });
});

function must(): never {
  throw new Error('no hint');
}
