import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import { RULE_NAMES } from '../../src/oracle/rule-name.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { toolError } from './fixtures.js';

const DEFAULT_TAXONOMY = resolveTaxonomy();
const taxonomies = PROFILE_NAMES.map((profile) => resolveTaxonomy({ profile }));
const context = {
  requestId: 1,
  inFlightIds: [2],
  method: 'tools/call',
  canaries: ['s3cret'],
  outputSchema: { type: 'object' },
};
const validRules = (violations: readonly { rule: string; message: string }[]) =>
  violations.every(
    (violation) =>
      (RULE_NAMES as readonly string[]).includes(violation.rule) &&
      violation.message.startsWith('Invalid '),
  );

/** Envelope-shaped values with hostile members, so properties reach the inner rules. */
const envelopeLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.anything()),
    id: fc.oneof(fc.constant(1), fc.anything()),
    result: fc.oneof(
      fc.anything(),
      fc.record(
        {
          content: fc.anything(),
          isError: fc.anything(),
          structuredContent: fc.anything(),
          resultType: fc.anything(),
          _meta: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    ),
    error: fc.oneof(
      fc.anything(),
      fc.record(
        { code: fc.anything(), message: fc.anything(), data: fc.anything() },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

describe('check never throws on envelopes', () => {
  it('should judge any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...taxonomies), (value, taxonomy) =>
        validRules(check(value, context, taxonomy)),
      ),
    );
  });

  it('should judge any value, envelope-shaped or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), envelopeLike),
        fc.constantFrom(...taxonomies),
        (value, taxonomy) => validRules(check(value, context, taxonomy)),
      ),
    );
  });

  it('should judge exotic values: null prototypes, boxed values, maps, sparse arrays, bigints', () => {
    const exotic = fc.anything({
      withNullPrototype: true,
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withSparseArray: true,
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withObjectString: true,
    });
    const shaped = exotic.map((value) => ({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: value, data: value },
      result: value,
    }));

    fc.assert(
      fc.property(fc.oneof(exotic, shaped), (value) =>
        validRules(check(value, context, DEFAULT_TAXONOMY)),
      ),
    );
  });

  it('should judge any text, including lone surrogates', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (text) =>
        validRules(check(text, {}, DEFAULT_TAXONOMY)),
      ),
    );
  });

  it('should survive error.data nested 10,000 deep and still find the leak at the bottom', () => {
    let data: unknown = 'CANARY-deepdeep123';
    for (let depth = 0; depth < 10_000; depth += 1) data = depth % 2 === 0 ? [data] : { d: data };
    const envelope = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error', data },
    };

    const violations = check(envelope, {}, resolveTaxonomy());

    expect(violations.map((violation) => violation.rule)).toEqual(['sanitize.leak']);
    expect(violations[0]?.path).toHaveLength(10_002);
  });

  it('should survive deep structured content with a recursive schema', () => {
    let value: unknown = {};
    for (let depth = 0; depth < 10_000; depth += 1) value = { child: value };
    const schema = {
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      $ref: '#/$defs/node',
    };
    const envelope = { ...toolError(1), result: { content: [], structuredContent: value } };

    expect(() => check(envelope, { outputSchema: schema }, resolveTaxonomy())).not.toThrow();
  });

  it('should survive a cyclic value', () => {
    const data: Record<string, unknown> = {};
    data['self'] = data;

    expect(
      check(
        { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x', data } },
        {},
        resolveTaxonomy(),
      ),
    ).toEqual([]);
  });
});

describe('checkDecision never throws', () => {
  it('should judge any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => validRules(checkDecision(value, DEFAULT_TAXONOMY))),
    );
  });
});
