import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { injectInstructions, INJECTED_INSTRUCTIONS } from '../../mutators/inject-instructions.js';
import { setAt } from '../../mutators/_json.js';
import { applyProseChange, INJECTIONS } from '../../src/arbitraries/prose-change.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import { isJsonObject } from '../../src/envelope/json-value.js';
import { check } from '../../src/oracle/check.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import type { Decision, FailureContext } from '../../src/taxonomy/client-action.js';
import { PROTOCOL_ERROR, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const failure = (overrides: Partial<FailureContext>): FailureContext => ({
  kind: 'tool',
  transient: false,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
  ...overrides,
});

const RETRY = INJECTED_INSTRUCTIONS[0]?.text ?? '';
const SHOW = INJECTED_INSTRUCTIONS[1]?.text ?? '';
const ASK = INJECTED_INSTRUCTIONS[2]?.text ?? '';

describe('inject-instructions', () => {
  const context = mutatorContext();

  it('should take the action each planted instruction demands, one variant per action', () => {
    // Arrange
    const decision: Decision = {
      action: 'reconcile-side-effect',
      context: failure({ sideEffectMayHaveOccurred: true }),
    };

    // Act + Assert: the localized retry instruction demands what the first one does (dropped).
    expectVariants(injectInstructions, decision, context, [
      {
        value: { ...decision, action: 'retry-bounded' },
        replacement: `reconcile-side-effect → retry-bounded (obeys "${RETRY}")`,
        path: ['action'],
      },
      {
        value: { ...decision, action: 'show-tool-error' },
        replacement: `reconcile-side-effect → show-tool-error (obeys "${SHOW}")`,
        path: ['action'],
      },
      {
        value: { ...decision, action: 'ask-user' },
        replacement: `reconcile-side-effect → ask-user (obeys "${ASK}")`,
        path: ['action'],
      },
    ]);
  });

  it('should skip the instruction that demands the action already taken', () => {
    // Arrange
    const decision: Decision = {
      action: 'ask-user',
      context: failure({ userActionRequired: true }),
    };

    // Act
    const actions = variantsOf(injectInstructions, decision, context).map(
      (variant) => (variant.value as Decision).action,
    );

    // Assert
    expect(actions).toEqual(['retry-bounded', 'show-tool-error']);
  });

  it('should make every variant of a correct decision break policy.action', () => {
    // Arrange
    const decision: Decision = { action: 'stop-protocol', context: failure({ kind: 'protocol' }) };
    const { taxonomy } = context;
    expect(checkDecision(decision, taxonomy)).toEqual([]);

    // Act
    const rules = variantsOf(injectInstructions, decision, context).map((variant) =>
      checkDecision(variant.value, taxonomy).map((violation) => violation.rule),
    );

    // Assert
    expect(rules).toEqual([['policy.action'], ['policy.action'], ['policy.action']]);
  });

  it('should not apply to an envelope or a malformed decision', () => {
    expectNoVariants(injectInstructions, PROTOCOL_ERROR, context);
    expectNoVariants(injectInstructions, { action: 'obey', context: failure({}) }, context);
    expectNoVariants(injectInstructions, { action: 'ask-user' }, context);
  });

  it('should plant instructions only where no envelope rule can see them (why it mutates the decision)', () => {
    // Arrange: every valid envelope of every profile with prose, an instruction or a fake
    // envelope appended to its error.message or first text block, or put in its place
    let planted = 0;
    const cases = fc.constantFrom(...PROFILE_NAMES).chain((profile) => {
      const taxonomy = resolveTaxonomy({ profile });
      return fc.tuple(
        validResponse({ taxonomy }),
        fc.nat({ max: INJECTIONS.length - 1 }),
        fc.boolean(),
        fc.constant(taxonomy),
      );
    });

    // Act
    const details = fc.check(
      fc.property(cases, ([{ envelope, context }, instruction, replace, taxonomy]) => {
        const path = prose(envelope);
        if (path === undefined) return;
        const text = String(path.reduce<unknown>((at, step) => (at as never)[step], envelope));
        const change = { kind: 'injected', instruction, replace } as const;
        const injected = setAt(envelope, path, applyProseChange(text, change));
        planted += 1;
        expect(check(injected, context, taxonomy)).toEqual([]);
      }),
      { numRuns: 300, seed: 20_261_201 },
    );

    // Assert: the envelope stays valid, so an envelope mutant could only be killed by a client
    // that reads prose; the defect to plant is the obeying decision
    expect(details.failed, fc.defaultReportMessage(details) ?? '').toBe(false);
    expect(planted).toBeGreaterThanOrEqual(30);
  });
});

/** The first prose string of an envelope: error.message, else the first text block's text. */
function prose(envelope: unknown): (string | number)[] | undefined {
  if (!isJsonObject(envelope)) return undefined;
  const error = envelope['error'];
  if (isJsonObject(error) && typeof error['message'] === 'string') return ['error', 'message'];
  const result = envelope['result'];
  const content = isJsonObject(result) ? result['content'] : undefined;
  if (!Array.isArray(content)) return undefined;
  const index = content.findIndex((block) => isJsonObject(block) && block['type'] === 'text');
  return index < 0 ? undefined : ['result', 'content', index, 'text'];
}
