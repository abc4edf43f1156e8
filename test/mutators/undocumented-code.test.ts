import { describe, expect, it } from 'vitest';
import { undocumentedCode } from '../../mutators/undocumented-code.js';
import type { MutatorContext } from '../../src/mutant/mutator.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { CodeDoc } from '../../src/taxonomy/taxonomy.js';
import { PROTOCOL_ERROR, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const withCode = (code: unknown): object => ({
  ...PROTOCOL_ERROR,
  error: { ...PROTOCOL_ERROR.error, code },
});
const codesOf = (variants: readonly { value: unknown }[]): unknown[] =>
  variants.map((variant) => (variant.value as { error: { code: unknown } }).error.code);

describe('undocumented-code', () => {
  it('should yield the nearest undocumented neighbour and a code of the reserved band', () => {
    expectVariants(undocumentedCode, PROTOCOL_ERROR, mutatorContext(), [
      {
        value: withCode(-32604),
        replacement: 'code -32602 → -32604 (undocumented)',
        path: ['error', 'code'],
      },
      {
        value: withCode(-32224),
        replacement: 'code -32602 → -32224 (reserved -32768..-32100)',
        path: ['error', 'code'],
      },
    ]);
  });

  it('should add a code of the MCP band under mcp-2026-07-28', () => {
    const context = mutatorContext({ profile: 'mcp-2026-07-28' });
    const [, , mcpBand] = codesOf(variantsOf(undocumentedCode, PROTOCOL_ERROR, context));
    expect(mcpBand).toBeGreaterThanOrEqual(-32099);
    expect(mcpBand).toBeLessThanOrEqual(-32020);
  });

  it('should never pick a code the active taxonomy documents, the project codes included', () => {
    const base = mutatorContext();
    const taxonomy = resolveTaxonomy({
      profile: 'mcp-2025-11-25',
      taxonomy: {
        codes: [
          { code: -32001, name: 'Quota', meaning: 'Quota exceeded.' },
          { code: -32000, name: 'Busy', meaning: 'Try later.' },
        ],
      },
    });
    for (const seed of [1, 2, 3, 4, 5]) {
      const context = { ...base, taxonomy, seed };
      const codes = codesOf(variantsOf(undocumentedCode, withCode(-32001), context));
      // -32000 (project) and -32002 (MCP resource not found) are documented: -31999 is next.
      expect(codes[0]).toBe(-31999);
      for (const code of codes) expect(taxonomy.codes.has(code as number)).toBe(false);
    }
  });

  it('should not apply to a non-integer code, a tool failure or a response without error', () => {
    const context = mutatorContext();
    expectNoVariants(undocumentedCode, withCode('-32602'), context);
    expectNoVariants(undocumentedCode, withCode(-32602.5), context);
    expectNoVariants(undocumentedCode, TOOL_FAILURE, context);
  });
});

/** A taxonomy whose documented codes are exactly those `documents` accepts. */
function documenting(documents: (code: number) => boolean): MutatorContext {
  const base = mutatorContext();
  class Documented extends Map<number, CodeDoc> {
    override has(code: number): boolean {
      return documents(code);
    }
  }
  return { ...base, taxonomy: { ...base.taxonomy, codes: new Documented() } };
}

describe('undocumented-code candidates', () => {
  // Seed 42 draws -32224 first in the band -32768..-32100, then -32574.
  it('should not draw the original code as the reserved-band code', () => {
    expect(codesOf(variantsOf(undocumentedCode, withCode(-32224), mutatorContext()))).toStrictEqual(
      [-32223, -32574],
    );
  });

  it('should not draw the neighbour again as the reserved-band code', () => {
    expect(codesOf(variantsOf(undocumentedCode, withCode(-32225), mutatorContext()))).toStrictEqual(
      [-32224, -32574],
    );
  });

  it('should yield nothing when the taxonomy documents every code', () => {
    expectNoVariants(
      undocumentedCode,
      PROTOCOL_ERROR,
      documenting(() => true),
    );
  });

  it('should search up to 1000 codes away for the neighbour, and no further', () => {
    const near = (limit: number) => (code: number) => Math.abs(code - -32602) < limit;
    expectVariants(undocumentedCode, PROTOCOL_ERROR, documenting(near(1000)), [
      {
        value: withCode(-31602),
        replacement: 'code -32602 → -31602 (undocumented)',
        path: ['error', 'code'],
      },
    ]);
    expectNoVariants(undocumentedCode, PROTOCOL_ERROR, documenting(near(1001)));
  });
});
