import { describe, expect, it } from 'vitest';
import { leakInternals } from '../../mutators/leak-internals.js';
import { findLeak } from '../../src/oracle/leak-patterns.js';
import { NOTIFICATION, PROTOCOL_ERROR, REQUEST, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, variantsOf } from './mutator-spec.js';

const KINDS = ['stack frame', 'absolute path', 'credential', 'provider body'];
const ORACLE_KINDS = ['stack-frame', 'internal-path', 'credential', 'provider-body'];

describe('leak-internals', () => {
  const context = mutatorContext();

  it('should append each leak to error.message, each detected by the leak patterns', () => {
    const variants = variantsOf(leakInternals, PROTOCOL_ERROR, context);
    expect(variants.map((variant) => variant.replacement)).toStrictEqual(
      KINDS.map((kind) => `error.message += ${kind}`),
    );
    variants.forEach((variant, index) => {
      const message = (variant.value as { error: { message: string } }).error.message;
      expect(message.startsWith('Unknown tool: nope')).toBe(true);
      expect(findLeak(message)?.kind).toBe(ORACLE_KINDS[index]);
    });
  });

  it('should append each leak to the first text block of a result', () => {
    const variants = variantsOf(leakInternals, TOOL_FAILURE, context);
    expect(variants.map((variant) => variant.path)).toStrictEqual(
      KINDS.map(() => ['result', 'content', 0, 'text']),
    );
  });

  it('should draw the credential from the seed', () => {
    const credential = (seed: number): unknown =>
      variantsOf(leakInternals, PROTOCOL_ERROR, mutatorContext({ seed }))[2]?.value;
    expect(credential(3)).toStrictEqual(credential(3));
    expect(credential(3)).not.toStrictEqual(credential(4));
  });

  it('should not apply where there is no message or text to append to', () => {
    expectNoVariants(
      leakInternals,
      { ...TOOL_FAILURE, result: { content: [], isError: true } },
      context,
    );
    expectNoVariants(leakInternals, { ...PROTOCOL_ERROR, error: { code: 1 } }, context);
    expectNoVariants(leakInternals, REQUEST, context);
    expectNoVariants(leakInternals, NOTIFICATION, context);
  });

  it('should plant a credential of 24 token characters', () => {
    for (const seed of [1, 2, 3]) {
      const [, , credential] = variantsOf(leakInternals, PROTOCOL_ERROR, mutatorContext({ seed }));
      const message = (credential?.value as { error: { message: string } }).error.message;
      expect(message).toMatch(/ \(Authorization: Bearer sk-live-[A-Za-z0-9]{24}\)$/);
    }
  });
});
