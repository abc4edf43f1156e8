import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draw } from '../../mutators/_draw.js';
import { show } from '../../mutators/_show.js';
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

describe('change-id candidates', () => {
  const replacementsOf = (input: object, context = mutatorContext()): string[] =>
    variantsOf(changeId, input, context).map((variant) => variant.replacement);

  it('should never draw the id itself or the request id as the fresh id', () => {
    // Seed 42 draws 665 first: taken ids are skipped, not yielded as an equivalent.
    const own = replacementsOf(withId(665));
    expect(own[0]).toMatch(/^id 665 → \d+ \(fresh id\)$/);
    expect(own[0]).not.toBe('id 665 → 665 (fresh id)');
    const request = replacementsOf(PROTOCOL_ERROR, mutatorContext({ check: { requestId: 665 } }));
    expect(request[0]).toMatch(/^id 41 → \d+ \(fresh id\)$/);
    expect(request[0]).not.toBe('id 41 → 665 (fresh id)');
  });

  it('should pick an in-flight id that is neither the response id nor the request id', () => {
    const check = { requestId: 5, inFlightIds: [41, 5, 99] };
    const [other] = replacementsOf(PROTOCOL_ERROR, mutatorContext({ check }));
    expect(other).toBe('id 41 → 99 (another in-flight id)');
  });

  it('should yield no fresh id when every draw is already in flight', () => {
    const drawn = draw(fc.noBias(fc.integer({ min: 1, max: 99_999 })), 42, 20);
    const context = mutatorContext({ check: { requestId: 41, inFlightIds: [41, ...drawn] } });
    expect(replacementsOf(PROTOCOL_ERROR, context)).toStrictEqual([
      `id 41 → ${drawn.find((id) => id !== 41) ?? ''} (another in-flight id)`,
      'id 41 → "41"',
      'id 41 → null',
      'id 41 → absent',
    ]);
  });

  it('should yield null before absent for an id with no type flip', () => {
    expect(replacementsOf(withId('abc'))).toStrictEqual([
      expect.stringMatching(/^id "abc" → "req-[0-9a-z]+" \(fresh id\)$/),
      'id "abc" → null',
      'id "abc" → absent',
    ]);
  });

  it.each([
    ['12', '12 → 12'],
    ['-3', '-3 → -3'],
    ['0', '0 → 0'],
  ])('should flip the decimal string id %s to a number', (id, flip) => {
    const [from, to] = flip.split(' → ');
    expect(replacementsOf(withId(id))).toContain(`id "${from ?? ''}" → ${to ?? ''}`);
  });

  it.each([['x7'], ['7x'], ['07'], ['1234567890123456'], ['abc']])(
    'should not flip the string id %s, whose digits are no JSON number of the same text',
    (id) => {
      const replacements = replacementsOf(withId(id));
      expect(replacements.filter((text) => !text.includes('fresh id'))).toStrictEqual([
        `id "${id}" → null`,
        `id "${id}" → absent`,
      ]);
    },
  );

  it.each([[Infinity], [NaN], [[7]]])('should not flip the non-JSON id %s', (id) => {
    const replacements = replacementsOf(withId(id));
    expect(replacements.slice(-2)).toStrictEqual([
      `id ${show(id)} → null`,
      `id ${show(id)} → absent`,
    ]);
    expect(replacements).toHaveLength(3);
  });
});
