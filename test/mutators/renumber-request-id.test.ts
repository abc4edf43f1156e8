import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renumberRequestId } from '../../mutators/renumber-request-id.js';
import { mutatorContext } from './fixtures.js';
import { expectNoVariants, variantsOf } from './mutator-spec.js';

describe('renumber-request-id', () => {
  it('should allocate another integer for a numbered request, above what a counter reaches', () => {
    // Arrange
    const context = mutatorContext({ check: { method: 'tools/call', inFlightIds: [1] } });

    // Act
    const variants = variantsOf(renumberRequestId, 2, context);

    // Assert
    expect(variants).toHaveLength(1);
    const [variant] = variants;
    expect(Number.isSafeInteger(variant?.value)).toBe(true);
    expect(variant?.value).toBeGreaterThanOrEqual(2 ** 20);
    expect(variant?.value).toBeLessThan(2 ** 31);
    expect(variant?.replacement).toBe(`request id 2 → ${String(variant?.value)}`);
    expect(variant?.path).toEqual([]);
  });

  it('should allocate another string for a request whose id is a string', () => {
    // Act
    const [variant] = variantsOf(renumberRequestId, 'req-1', mutatorContext());

    // Assert
    expect(variant?.value).toMatch(/^req-[0-9a-z]+$/);
    expect(variant?.value).not.toBe('req-1');
    expect(variant?.replacement).toBe(`request id "req-1" → "${String(variant?.value)}"`);
  });

  it('should never hand out the id of a request in flight, whatever the seed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(50), (seed, id) => {
        // Arrange: every id the draw for this seed would give first is in flight.
        const first = variantsOf(renumberRequestId, id, mutatorContext({ seed }))[0]?.value;
        const check = { inFlightIds: [first as number] };

        // Act
        const [variant] = variantsOf(renumberRequestId, id, mutatorContext({ seed, check }));

        // Assert
        expect(variant?.value).not.toBe(first);
        expect(variant?.value).not.toBe(id);
      }),
      { numRuns: 100, seed: 20_261_201 },
    );
  });

  it('should yield nothing for what no client allocates: null, a fraction, an object', () => {
    const context = mutatorContext();
    expectNoVariants(renumberRequestId, null, context);
    expectNoVariants(renumberRequestId, 1.5, context);
    expectNoVariants(renumberRequestId, { jsonrpc: '2.0', id: 1, method: 'ping' }, context);
  });
});
