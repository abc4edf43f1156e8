import { describe, expect, it } from 'vitest';
import { changeId } from '../../mutators/change-id.js';
import { NOTIFICATION, PROTOCOL_ERROR, REQUEST, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const withId = (id: unknown): object => ({ ...PROTOCOL_ERROR, id });

describe('change-id', () => {
  it('should yield another in-flight id, a fresh id, the type flip, null and absent', () => {
    const context = mutatorContext({ check: { requestId: 41, inFlightIds: [41, 99] } });
    expectVariants(changeId, PROTOCOL_ERROR, context, [
      { value: withId(99), replacement: 'id 41 → 99 (another in-flight id)', path: ['id'] },
      { value: withId(665), replacement: 'id 41 → 665 (fresh id)', path: ['id'] },
      { value: withId('41'), replacement: 'id 41 → "41"', path: ['id'] },
      { value: withId(null), replacement: 'id 41 → null', path: ['id'] },
      {
        value: { jsonrpc: '2.0', error: PROTOCOL_ERROR.error },
        replacement: 'id 41 → absent',
        path: ['id'],
      },
    ]);
  });

  it('should flip a numeric string id to a number and draw a fresh string id', () => {
    const [fresh, flipped] = variantsOf(changeId, { ...TOOL_FAILURE, id: '7' }, mutatorContext());
    expect(fresh?.replacement).toMatch(/^id "7" → "req-[0-9a-z]+" \(fresh id\)$/);
    expect(flipped?.replacement).toBe('id "7" → 7');
  });

  it('should draw another fresh id with another seed, and never an id in flight', () => {
    const check = { requestId: 41, inFlightIds: [41, 665] };
    const seeds = [1, 2, 3, 4, 5, 42];
    const fresh = seeds.map(
      (seed) => variantsOf(changeId, PROTOCOL_ERROR, mutatorContext({ seed, check }))[1]?.value,
    );
    expect(new Set(fresh.map((value) => JSON.stringify(value))).size).toBeGreaterThan(1);
    for (const value of fresh) expect([41, 665]).not.toContain((value as { id: unknown }).id);
  });

  it('should yield no null id under jsonrpc-2.0, where a null id on an error is legitimate', () => {
    const variants = variantsOf(
      changeId,
      PROTOCOL_ERROR,
      mutatorContext({ profile: 'jsonrpc-2.0' }),
    );
    expect(variants.map((variant) => (variant.value as { id?: unknown }).id)).not.toContain(null);
    expect(variants.map((variant) => variant.replacement)).toContain('id 41 → absent');
  });

  it('should still yield a null id for a result under jsonrpc-2.0 (null is for errors only)', () => {
    const context = mutatorContext({ profile: 'jsonrpc-2.0' });
    const variants = variantsOf(changeId, TOOL_FAILURE, context);
    expect(variants.map((variant) => variant.replacement)).toContain('id "req-42" → null');
  });

  it('should not yield null again for a null id, nor another in-flight id when none is known', () => {
    const variants = variantsOf(changeId, withId(null), mutatorContext());
    expect(variants.map((variant) => variant.replacement)).toStrictEqual([
      expect.stringMatching(/^id null → \d+ \(fresh id\)$/),
      'id null → absent',
    ]);
  });

  it('should not apply to a request, a notification or a response without id', () => {
    const context = mutatorContext();
    expectNoVariants(changeId, REQUEST, context);
    expectNoVariants(changeId, NOTIFICATION, context);
    expectNoVariants(changeId, { jsonrpc: '2.0', result: {} }, context);
  });
});
