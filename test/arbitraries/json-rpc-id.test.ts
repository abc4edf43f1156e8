import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonRpcId } from '../../src/arbitraries/json-rpc-id.js';
import { PROPERTY_RUNS } from './arbitrary-contract.js';

describe('jsonRpcId', () => {
  it('should produce integers and strings by default, never null', () => {
    fc.assert(
      fc.property(jsonRpcId(), (id) => {
        expect(id).not.toBeNull();
        if (typeof id === 'number') expect(Number.isSafeInteger(id)).toBe(true);
        else expect(String(id).length).toBeGreaterThan(0);
      }),
      PROPERTY_RUNS,
    );
  });

  it('should produce only the requested kinds', () => {
    fc.assert(
      fc.property(jsonRpcId({ kinds: ['null', 'number'] }), (id) => {
        expect(id === null || typeof id === 'number').toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });
});
