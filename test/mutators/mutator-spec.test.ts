import { describe, expect, it } from 'vitest';
import type { Mutator } from '../../src/mutant/mutator.js';
import { removeIsError } from '../../mutators/remove-is-error.js';
import { TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectVariants } from './mutator-spec.js';

const removed = {
  value: { jsonrpc: '2.0', id: 'req-42', result: { content: TOOL_FAILURE.result.content } },
  replacement: 'isError true → absent',
  path: ['result', 'isError'],
};
const expected = [removed];
/** Broken copies of remove-is-error: each breaks one clause of the mutator contract. */
const modifiesInput: Mutator = {
  ...removeIsError,
  *mutate(target) {
    const result = (target as { result: Record<string, unknown> }).result;
    delete result['isError'];
    yield { value: target, replacement: 'isError true → absent', path: ['result', 'isError'] };
  },
};
const yieldsEquivalent: Mutator = {
  ...removeIsError,
  *mutate(target, context) {
    yield* removeIsError.mutate(target, context);
    yield { value: structuredClone(target), replacement: 'nothing', path: [] };
  },
};
let calls = 0;
const notDeterministic: Mutator = {
  ...removeIsError,
  *mutate(target, context) {
    calls += 1;
    for (const variant of removeIsError.mutate(target, context)) {
      yield { ...variant, replacement: `${variant.replacement} #${calls}` };
    }
  },
};

describe('expectVariants', () => {
  const context = mutatorContext();

  it('should pass for the real mutator (positive control)', () => {
    expect(() => expectVariants(removeIsError, TOOL_FAILURE, context, expected)).not.toThrow();
  });

  it('should fail for a mutator that modifies its input', () => {
    expect(() => expectVariants(modifiesInput, TOOL_FAILURE, context, expected)).toThrow();
  });

  it('should fail for a mutator that yields a variant equal to its input', () => {
    expect(() => expectVariants(yieldsEquivalent, TOOL_FAILURE, context, expected)).toThrow(
      /equivalent/,
    );
  });

  it('should fail for a mutator whose second run differs', () => {
    const first = [{ ...removed, replacement: `isError true → absent #${calls + 1}` }];
    expect(() => expectVariants(notDeterministic, TOOL_FAILURE, context, first)).toThrow(
      /not deterministic/,
    );
  });

  it('should fail when the variants differ from the expected list', () => {
    expect(() => expectVariants(removeIsError, TOOL_FAILURE, context, [])).toThrow(/variants/);
  });
});
