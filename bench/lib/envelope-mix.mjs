// A deterministic, realistic mix of MCP traffic for the oracle benchmark: the shares follow what
// a contract suite observes (mostly tool results, a fair share of failures, a few large results,
// a few leaky envelopes that the oracle must flag).

/** Share of each kind, in percent. */
const SHARES = [
  ['success+structured', 35],
  ['tool-error', 20],
  ['protocol-error', 15],
  ['request', 15],
  ['leaky', 10],
  ['large-content', 5],
];

/** One tool's outputSchema, shared by every context as a suite would share it. */
const ACCOUNT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    balance: { type: 'number' },
    currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] },
    owner: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' } },
      required: ['name'],
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'balance', 'currency'],
  additionalProperties: false,
};

const CANARIES = ['CANARY-benchFixture01'];
const IN_FLIGHT = [41, 42, 43, 44];

/** mulberry32: a tiny seeded PRNG, so the mix is the same on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (rand, n) =>
  Array.from({ length: n }, () => Math.floor(rand() * 1e9).toString(36)).join(' ');

const MAKERS = {
  'success+structured': (id, rand) => {
    const account = {
      id: `acc-${id}`,
      balance: Math.round(rand() * 1e6) / 100,
      currency: 'EUR',
      owner: { name: words(rand, 2), email: `u${id}@example.com` },
      tags: ['retail', 'verified'],
    };
    return {
      message: {
        jsonrpc: '2.0',
        id,
        result: {
          content: [{ type: 'text', text: JSON.stringify(account) }],
          structuredContent: account,
        },
      },
      context: {
        requestId: id,
        inFlightIds: IN_FLIGHT,
        method: 'tools/call',
        outputSchema: ACCOUNT_SCHEMA,
        canaries: CANARIES,
        expected: { layer: 'success' },
      },
    };
  },
  'tool-error': (id, rand) => ({
    message: {
      jsonrpc: '2.0',
      id,
      result: {
        isError: true,
        content: [{ type: 'text', text: `The card was declined: ${words(rand, 6)}` }],
      },
    },
    context: {
      requestId: id,
      inFlightIds: IN_FLIGHT,
      method: 'tools/call',
      canaries: CANARIES,
      expected: { failureClass: 'domain-rejection' },
    },
  }),
  'protocol-error': (id, rand) => ({
    message: {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32602,
        message: `Unknown tool: ${words(rand, 1)}`,
        data: { tool: words(rand, 1) },
      },
    },
    context: {
      requestId: id,
      inFlightIds: IN_FLIGHT,
      method: 'tools/call',
      canaries: CANARIES,
      expected: { failureClass: 'unknown-tool' },
    },
  }),
  request: (id, rand) => ({
    message: {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'get_account', arguments: { id: `acc-${Math.floor(rand() * 1000)}` } },
    },
    context: {},
  }),
  leaky: (id, rand) => {
    const leak =
      rand() < 0.5
        ? `upstream said ${CANARIES[0]}`
        : `Error: boom\n    at charge (/srv/app/payments.js:12:7)`;
    return {
      message: {
        jsonrpc: '2.0',
        id,
        result: { isError: true, content: [{ type: 'text', text: `Payment failed. ${leak}` }] },
      },
      context: {
        requestId: id,
        inFlightIds: IN_FLIGHT,
        method: 'tools/call',
        canaries: CANARIES,
        expected: { failureClass: 'provider-failure' },
      },
    };
  },
  'large-content': (id, rand) => ({
    message: {
      jsonrpc: '2.0',
      id,
      result: {
        content: Array.from({ length: 40 }, () => ({ type: 'text', text: words(rand, 60) })),
      },
    },
    context: {
      requestId: id,
      method: 'tools/call',
      canaries: CANARIES,
      expected: { layer: 'success' },
    },
  }),
};

/**
 * `count` envelopes of the mix, each as its wire text plus the check context a test would pass.
 * Kinds are interleaved (not grouped) so the oracle sees them in a realistic order.
 */
export function buildMix(count, seed = 20251125) {
  const rand = prng(seed);
  const total = SHARES.reduce((sum, [, share]) => sum + share, 0);
  const out = [];
  for (let i = 0; i < count; i += 1) {
    let pick = rand() * total;
    const [kind] = SHARES.find(([, share]) => (pick -= share) < 0) ?? SHARES[0];
    const { message, context } = MAKERS[kind](100 + i, rand);
    out.push({ kind, text: JSON.stringify(message), context });
  }
  return out;
}
