import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import {
  CANARY_PATTERN,
  findLeak,
  formatCanary,
  redactLeaks,
} from '../../src/oracle/leak-patterns.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { protocolError, textBlock, toolError, toolSuccess } from './fixtures.js';

const taxonomy = resolveTaxonomy();
const CANARY = formatCanary('Zq81xYt0pL');

/** Secrets the messages must never print. */
const LEAKS: readonly (readonly [string, string, string])[] = [
  ['canary', `token ${CANARY}`, CANARY],
  ['credential', 'auth: Bearer eyJhbGciOiJIUzI1NiJ9.payload', 'eyJhbGciOiJIUzI1NiJ9'],
  ['credential', 'key sk-proj-abcdefghijklmnop1234', 'abcdefghijklmnop1234'],
  ['credential', 'aws AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE'],
  ['credential', 'gh ghp_abcdefghijklmnopqrstuvwxyz0123', 'abcdefghijklmnopqrstuvwxyz0123'],
  ['credential', 'db password=hunter2hunter2', 'hunter2hunter2'],
  ['stack-frame', 'Error: boom\n    at handler (/srv/app/dist/tool.js:12:7)', 'tool.js:12:7'],
  ['internal-path', 'cannot open /home/deploy/.env', 'deploy/.env'],
  ['internal-path', 'cannot open C:\\Users\\svc\\secrets.json', 'secrets.json'],
  [
    'provider-body',
    'upstream said {"error": {"message": "quota", "type": "insufficient_quota"}}',
    'insufficient_quota',
  ],
  ['provider-body', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', 'Bad Gateway'],
];

describe('sanitize.leak', () => {
  it.each(LEAKS)('should find a %s and never print it (%s)', (kind, text, secret) => {
    // Act
    const finding = findLeak(text);
    const violations = check(protocolError(1, -32602, text), {}, taxonomy);

    // Assert
    expect(finding?.kind).toBe(kind);
    expect(violations.map((violation) => violation.rule)).toEqual(['sanitize.leak']);
    expect(violations[0]?.message).toContain('redacted');
    expect(violations[0]?.message).not.toContain(secret);
  });

  it('should report the path of a leak deep in error.data', () => {
    const envelope = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error', data: { a: [{ token: CANARY }] } },
    };

    const violations = check(envelope, {}, taxonomy);

    expect(violations).toEqual([
      {
        rule: 'sanitize.leak',
        path: ['error', 'data', 'a', 0, 'token'],
        message:
          'Invalid error.data.a[0].token: Expected no canary but received one (CANARY-…redacted)',
      },
    ]);
  });

  it('should find the project canaries in content, structured content and _meta', () => {
    const secret = 'acct-4411-secret';
    const envelope = toolSuccess(1, {
      content: [textBlock(`id ${secret}`)],
      structuredContent: { s: secret },
      _meta: { m: secret },
    });

    const violations = check(envelope, { canaries: [secret] }, taxonomy);

    expect(violations.map((violation) => violation.path)).toEqual([
      ['result', 'content', 0, 'text'],
      ['result', 'structuredContent', 's'],
      ['result', '_meta', 'm'],
    ]);
    expect(violations.every((violation) => !violation.message.includes(secret))).toBe(true);
  });

  it('should not quote a project canary in the message of another rule', () => {
    const secret = 'acct-4411-secret';

    const violations = check(
      toolSuccess(1, { resultType: secret }),
      { canaries: [secret] },
      resolveTaxonomy({ profile: 'mcp-2026-07-28' }),
    );

    expect(violations.map((violation) => violation.rule)).toEqual(['mcp.result-type']);
    expect(violations[0]?.message).not.toContain(secret);
  });

  it('should not quote part of a canary cut by the 40-character clip', () => {
    const value = `${'x'.repeat(28)} ${CANARY}`;

    const violations = check(
      toolSuccess(1, { resultType: value }),
      {},
      resolveTaxonomy({ profile: 'mcp-2026-07-28' }),
    );

    expect(violations[0]?.message).not.toMatch(/CANARY-[A-Za-z0-9]/);
  });

  it('should accept clean failures and public URIs (negative control)', () => {
    const envelope = toolError(
      1,
      'Repository acme/widgts not found. See https://example.com/app/help and file:///home/x.',
    );

    expect(check(envelope, {}, taxonomy)).toEqual([]);
    expect(
      check(
        toolSuccess(1, {
          content: [{ type: 'resource_link', uri: 'file:///home/u/a.txt', name: 'a' }],
        }),
        {},
        taxonomy,
      ),
    ).toEqual([]);
  });

  it('should not look at the request method or other result members', () => {
    expect(check(toolSuccess(1, { tools: [CANARY] }), {}, taxonomy)).toEqual([]);
  });
});

describe('CANARY_PATTERN and redactLeaks', () => {
  it('should match generated canaries and not the bare prefix', () => {
    expect(CANARY_PATTERN.test(formatCanary('abcd1234'))).toBe(true);
    expect(CANARY_PATTERN.test('CANARY-short')).toBe(false);
  });

  it('should redact every leak of a text and keep the rest', () => {
    const text = `a ${CANARY} b Bearer abcdefghijklmnop c /var/lib/x d`;

    expect(redactLeaks(text)).toBe('a CANARY-…redacted b Bearer …redacted c /var/…redacted d');
  });

  it('should redact project canaries, keeping the canary prefix only when they carry it', () => {
    expect(redactLeaks('x s3cr3t-value y s3cr3t-value', ['s3cr3t-value'])).toBe(
      'x …redacted y …redacted',
    );
    expect(redactLeaks(`x ${CANARY}`, [CANARY])).toBe('x CANARY-…redacted');
    expect(findLeak('x s3cr3t-value', ['s3cr3t-value'])).toEqual({
      kind: 'canary',
      redacted: '…redacted',
    });
  });

  it('should ignore an empty canary instead of redacting everything', () => {
    expect(redactLeaks('abc', [''])).toBe('abc');
  });

  it('should keep what says which credential or path it was', () => {
    expect(
      redactLeaks('t ghp_abcdefghijklmnopqrstuvwxyz0123 p apiKey=xyz123 q "/home/u/.ssh/id"'),
    ).toBe('t ghp_…redacted p apiKey=…redacted q "/home/…redacted"');
    expect(redactLeaks('Error\n    at f (/srv/a.js:1:2)\nnext')).toBe(
      'Error\n    at …redacted\nnext',
    );
  });
});
