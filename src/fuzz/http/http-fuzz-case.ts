import fc from 'fast-check';

/** One answer of the fake server to a `tools/call` POST. */
export interface HttpAnswer {
  readonly status: number;
  /** The `WWW-Authenticate` value, if any: well-formed, malformed or foreign. */
  readonly challenge?: string;
  /** The JSON body text. */
  readonly body: string;
}

/**
 * One case of `fuzz --decoder mcp-sdk-http`: whether the client has an auth provider that can
 * always re-authorize (a `client_credentials` one), and the server's answers to successive
 * `tools/call` POSTs of one call, repeated in a cycle (a server that never grants keeps refusing).
 */
export interface HttpFuzzCase {
  readonly provider: boolean;
  readonly answers: readonly HttpAnswer[];
}

const METADATA = 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp';
const scope = fc.stringMatching(/^[a-z]{1,6}:[a-z]{1,6}$/);
const text = fc.stringMatching(/^[A-Za-z0-9 .:-]{0,24}$/);

/** The step-up challenge of MCP 2025-11-25 "Runtime Insufficient Scope Errors". */
const stepUp = fc
  .record({
    scopes: fc.uniqueArray(scope, { minLength: 1, maxLength: 3 }),
    description: fc.option(text),
  })
  .map(
    ({ scopes, description }) =>
      `Bearer error="insufficient_scope", scope="${scopes.join(' ')}", resource_metadata="${METADATA}"${description === null ? '' : `, error_description="${description}"`}`,
  );

/** 401 challenges (RFC 6750 §3). */
const unauthorized = fc.constantFrom(
  `Bearer resource_metadata="${METADATA}"`,
  `Bearer error="invalid_token", resource_metadata="${METADATA}"`,
);

/** What broken servers send: cut quotes, stray commas, other schemes, noise. */
const malformed = fc.oneof(
  stepUp.map((header) => header.slice(0, Math.max(7, Math.floor(header.length / 2)))),
  fc.constant('Bearer error="insufficient_scope, scope="files:write'),
  fc.constant('Basic realm="mcp"'),
  fc.string({ maxLength: 40 }),
);

/** Step-ups weigh most: the retry loop needs several of them in one case. */
const authFailure: fc.Arbitrary<HttpAnswer> = fc
  .record({
    status: fc.oneof(
      { arbitrary: fc.constant(403), weight: 3 },
      { arbitrary: fc.constant(401), weight: 1 },
    ),
    challenge: fc.oneof(
      { arbitrary: stepUp, weight: 3 },
      { arbitrary: unauthorized, weight: 1 },
      { arbitrary: malformed, weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    ),
  })
  .map(({ status, challenge }) => ({
    status,
    ...(challenge === undefined ? {} : { challenge }),
    body: JSON.stringify({ error: status === 401 ? 'invalid_token' : 'insufficient_scope' }),
  }));

const granted: fc.Arbitrary<HttpAnswer> = fc.constantFrom(
  { status: 200, body: '{"content":[{"type":"text","text":"done"}]}' },
  { status: 200, body: '{"content":[{"type":"text","text":"failed"}],"isError":true}' },
);

/** Cases: mostly refusals, sometimes a grant after a few of them. */
export const httpFuzzCase: fc.Arbitrary<HttpFuzzCase> = fc.record({
  provider: fc.boolean(),
  answers: fc
    .tuple(fc.array(authFailure, { minLength: 1, maxLength: 3 }), fc.option(granted, { freq: 4 }))
    .map(([refusals, grant]) => (grant === null ? refusals : [...refusals, grant])),
});

/** True when every answer refuses: the server never grants the call. */
export function neverGranted(fuzzCase: HttpFuzzCase): boolean {
  return fuzzCase.answers.every((answer) => answer.status === 401 || answer.status === 403);
}
