import * as fc from 'fast-check';
import { ConfigError } from '../errors.js';
import type { JsonObject } from '../envelope/json-value.js';
import { RULE_NAMES, type RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { type Defect, sortRules } from './internal/defect.js';
import { type EnvelopeConstraints, envelopeTaxonomy } from './internal/envelope-taxonomy.js';
import {
  bothMembersDefect,
  dropMembersDefect,
  errorCodeDefect,
  errorShapeDefect,
  idDefect,
  versionDefect,
} from './internal/jsonrpc-defects.js';
import { demoteDefect, promoteDefect } from './internal/layer-defects.js';
import { leakDefect } from './internal/leak-defect.js';
import {
  contentDefect,
  isErrorTypeDefect,
  resultTypeDefect,
  structuredContentDefect,
  successFlagDefect,
  toolFailureFlagDefect,
} from './internal/mcp-defects.js';
import { constraintsObject, nonEmptySubset } from './internal/validate-constraints.js';
import type { MalformedEnvelope, ObservedEnvelope } from './observed-envelope.js';
import { validResponseFor } from './valid-response.js';

/** Constraints of {@link malformedResponse}. */
export interface MalformedResponseConstraints extends EnvelopeConstraints {
  /**
   * Only produce envelopes whose broken rules all belong to this list, e.g. `["jsonrpc.id"]` for
   * correlation bugs alone. Default: every envelope rule the profile can judge.
   */
  readonly rules?: readonly RuleName[];
}

/** Every defect, each breaking a known set of rules. `version` and `id` also combine with others. */
const DEFECTS: readonly Defect[] = [
  versionDefect,
  idDefect,
  dropMembersDefect,
  bothMembersDefect,
  errorShapeDefect,
  errorCodeDefect,
  isErrorTypeDefect,
  toolFailureFlagDefect,
  successFlagDefect,
  contentDefect,
  structuredContentDefect,
  resultTypeDefect,
  demoteDefect,
  promoteDefect,
  leakDefect,
];

/** They touch only `jsonrpc` / `id`, which no other rule reads: they add to any defect exactly. */
const COMBINABLE: readonly Defect[] = [versionDefect, idDefect];

/** The rules an envelope can break under a profile (decision rules and tool rules excluded). */
function envelopeRules(taxonomy: Taxonomy): readonly RuleName[] {
  const mcp = taxonomy.profile.name !== 'jsonrpc-2.0';
  return RULE_NAMES.filter((rule) => {
    if (rule.startsWith('policy.')) return false;
    if (rule === 'mcp.result-type') return taxonomy.profile.requiresResultType;
    if (['mcp.is-error', 'mcp.content', 'mcp.structured-content'].includes(rule)) return mcp;
    return true;
  });
}

/**
 * Arbitrary malformed responses, each labelled with exactly the rules it breaks: the set of rules
 * `check(envelope, context, taxonomy)` reports equals `breaks`. Each one is a valid response
 * ({@link validResponse}) with one defect — wrong version, wrong or missing id, both or neither
 * member, a mis-shaped or unexpected error code, a protocol error demoted to a tool error or the
 * reverse, a broken `isError` flag, bad content, non-conforming structured content, a missing
 * `resultType` (MCP 2026-07-28), a leaked secret — sometimes with a wrong version and/or id on top.
 *
 * @example
 * ```ts
 * // A decoder must refuse every envelope that breaks JSON-RPC framing.
 * const framing = malformedResponse({ rules: ['jsonrpc.version', 'jsonrpc.members'] });
 * fc.assert(fc.property(framing, ({ envelope }) => {
 *   expect(myDecoder.decode(JSON.stringify(envelope)).ok).toBe(false);
 * }));
 * ```
 */
export function malformedResponse(
  constraints?: MalformedResponseConstraints,
): fc.Arbitrary<MalformedEnvelope> {
  const api = 'malformedResponse';
  const given = constraintsObject(api, constraints);
  const taxonomy = envelopeTaxonomy(api, given);
  const possible = envelopeRules(taxonomy);
  const rules = nonEmptySubset(api, 'rules', given.rules ?? possible, RULE_NAMES);
  const impossible = rules.filter((rule) => !possible.includes(rule));
  if (impossible.length > 0) {
    throw new ConfigError(
      `${api}: constraints.rules lists ${impossible.join(', ')}, which no envelope can break under ${taxonomy.profile.name}. Use some of: ${possible.join(', ')}.`,
    );
  }
  return malformedResponseFor(taxonomy, rules);
}

/** The builder behind {@link malformedResponse}, for a resolved taxonomy and allowed rules. */
export function malformedResponseFor(
  taxonomy: Taxonomy,
  rules: readonly RuleName[],
): fc.Arbitrary<MalformedEnvelope> {
  const allowed = (defect: Defect, observed: ObservedEnvelope) =>
    defect.applies(observed, taxonomy) &&
    defect.breaks(observed, taxonomy).every((rule) => rules.includes(rule));
  const usable = (observed: ObservedEnvelope) => DEFECTS.filter((d) => allowed(d, observed));
  return validResponseFor(taxonomy)
    .filter((observed) => usable(observed).length > 0)
    .chain((observed) =>
      fc
        .constantFrom(...usable(observed))
        .chain((defect) => withExtras(observed, defect, taxonomy, (d) => allowed(d, observed))),
    );
}

function withExtras(
  observed: ObservedEnvelope,
  base: Defect,
  taxonomy: Taxonomy,
  allowed: (defect: Defect) => boolean,
): fc.Arbitrary<MalformedEnvelope> {
  const extras = COMBINABLE.filter((defect) => defect !== base && allowed(defect));
  return fc
    .tuple(base.envelope(observed, taxonomy), someExtras(extras))
    .chain(([first, chosen]) => {
      const breaks = sortRules([base, ...chosen].flatMap((d) => d.breaks(observed, taxonomy)));
      const apply = (acc: fc.Arbitrary<JsonObject>, defect: Defect) =>
        acc.chain((envelope) => defect.envelope({ ...observed, envelope }, taxonomy));
      return chosen
        .reduce(apply, fc.constant(first))
        .map((envelope) => ({ envelope, context: observed.context, breaks }));
    });
}

/** Mostly none: a decoder fuzzed with these should meet each defect on its own too. */
function someExtras(extras: readonly Defect[]): fc.Arbitrary<Defect[]> {
  if (extras.length === 0) return fc.constant<Defect[]>([]);
  return fc.oneof(
    { arbitrary: fc.constant<Defect[]>([]), weight: 4 },
    { arbitrary: fc.subarray([...extras], { minLength: 1 }), weight: 1 },
  );
}
