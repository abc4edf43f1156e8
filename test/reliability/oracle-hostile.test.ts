import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseEnvelope } from '../../src/envelope/parse-envelope.js';
import { check } from '../../src/oracle/check.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const TAXONOMY = resolveTaxonomy();

/** `depth` levels of `open`/`close` around `bottom`, as JSON text (no recursion needed). */
function nestedText(depth: number, bottom: string): string {
  return `${'['.repeat(depth)}${bottom}${']'.repeat(depth)}`;
}

/** A tool failure with a 10,000-deep value under `member` of its result. */
function deepToolFailure(member: string): unknown {
  return JSON.parse(
    `{"jsonrpc":"2.0","id":1,"result":{"isError":true,"content":[{"type":"text","text":"x"}],"${member}":${nestedText(10_000, '"CANARY-deepdeep123"')}}}`,
  );
}

describe('the parser and the oracle on hostile input', () => {
  test('should parse the text of an envelope nested 10,000 deep', () => {
    // Arrange
    const text = `{"jsonrpc":"2.0","id":1,"result":${nestedText(10_000, '1')}}`;
    // Act
    const parsed = parseEnvelope(text);
    // Assert
    expect(parsed).toMatchObject({ ok: true, kind: 'response' });
  });

  test('should answer for arbitrary text, and for text nested past any sane depth', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(() => parseEnvelope(text)).not.toThrow();
      }),
    );
    expect(() => parseEnvelope(nestedText(1_000_000, '1'))).not.toThrow();
  });

  test.each(['structuredContent', '_meta', 'content'])(
    'should check a tool failure whose %s nests 10,000 deep without throwing',
    (member) => {
      // Arrange
      const envelope = deepToolFailure(member);
      // Act
      const act = (): unknown => check(envelope, { requestId: 1 }, TAXONOMY);
      // Assert
      expect(act).not.toThrow();
    },
  );

  test('should find a canary in a 10 MB message', () => {
    // Arrange
    const message = `${'a'.repeat(10 * 1024 * 1024)} CANARY-hugehuge4242`;
    const envelope = { jsonrpc: '2.0', id: 1, error: { code: -32603, message } };
    // Act
    const violations = check(envelope, { requestId: 1 }, TAXONOMY);
    // Assert
    expect(violations.map((v) => v.rule)).toContain('sanitize.leak');
  });
});
