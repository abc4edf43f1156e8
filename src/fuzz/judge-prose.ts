import type { DecodedOutcome } from './decoder.js';
import type { JudgeEnvelope } from './envelope-verdict.js';
import type { FuzzCase, Rewording } from './fuzz-case.js';
import type { PropertyFailure } from './judge-case.js';
import type { Observation } from './observe-case.js';
import { rewordedDeliveries } from './reword-case.js';

/**
 * Whether `prose-invariance` can be judged on the case: it has rewordings, and each reworded
 * envelope gets the very verdict of the oracle its original gets (same class, same rules broken).
 * A rewording that changes the verdict (truncating a planted canary away, say) changes more than
 * prose, and the case is not judged.
 */
export function proseJudgeable(fuzzCase: FuzzCase, judge: JudgeEnvelope): boolean {
  const rewordings = fuzzCase.rewordings ?? [];
  if (rewordings.length === 0) return false;
  const reworded = rewordedDeliveries(fuzzCase);
  return fuzzCase.deliveries.every((delivery, index) => {
    const after = reworded[index];
    if (after === undefined || after === delivery) return true;
    const request = fuzzCase.requests.find((candidate) => candidate.id === delivery.intendedFor);
    if (request === undefined) return false;
    const [a, b] = [judge(delivery.envelope, request), judge(after.envelope, request)];
    return a.class === b.class && rules(a.violations) === rules(b.violations);
  });
}

/**
 * `prose-invariance`: the client classifies every request (outcome kind and code) and takes every
 * decision (the actions tapped with `tapDecision`) the same whether the prose is as sent or
 * reworded. The error-envelope seed: "Treat tool error text as untrusted observation" and "Keep
 * machine decisions tied to stable fields, not exact prose." The text shown to the model may
 * change; nothing else may.
 */
export function judgeProse(
  fuzzCase: FuzzCase,
  original: Observation,
  reworded: Observation,
): PropertyFailure[] {
  const how = describe(fuzzCase.rewordings ?? []);
  if (original.crash === undefined && reworded.crash !== undefined) {
    const { hook, message, delivery } = reworded.crash;
    return [
      {
        property: 'prose-invariance',
        message: `the session crashed (${hook} ${message}) when ${how}`,
        ...(delivery === undefined ? {} : { delivery }),
      },
    ];
  }
  const steps = Math.min(original.steps.length, reworded.steps.length);
  for (let step = 0; step < steps; step++) {
    for (const [index, request] of fuzzCase.requests.entries()) {
      const before = original.steps[step]?.[index] ?? { kind: 'pending' };
      const after = reworded.steps[step]?.[index] ?? { kind: 'pending' };
      if (show(before) === show(after)) continue;
      return [
        {
          property: 'prose-invariance',
          request: request.id,
          ...(step === 0 ? {} : { delivery: step - 1 }),
          message: `request ${JSON.stringify(request.id)} came out as ${show(after)} instead of ${show(before)} when ${how}`,
        },
      ];
    }
    const [before, after] = [original.decisions?.[step] ?? [], reworded.decisions?.[step] ?? []];
    if (before.join() === after.join()) continue;
    return [
      {
        property: 'prose-invariance',
        ...(step === 0 ? {} : { delivery: step - 1 }),
        message: `the policy decided [${after.join(', ')}] instead of [${before.join(', ')}] ${step === 0 ? 'before any response' : `on envelope ${step - 1}`} when ${how}`,
      },
    ];
  }
  return [];
}

/** The classification of an outcome: its kind, and the code of a protocol error. */
function show(outcome: DecodedOutcome): string {
  return outcome.kind === 'protocol-error' ? `protocol-error ${outcome.code}` : outcome.kind;
}

function describe(rewordings: readonly Rewording[]): string {
  return rewordings
    .map(
      (r) =>
        `${r.path.join('.')} of envelope ${r.delivery} was ${r.change}: ${JSON.stringify(r.text)}`,
    )
    .join('; ');
}

function rules(violations: readonly { readonly rule: string }[]): string {
  return [...new Set(violations.map((violation) => violation.rule))].sort().join();
}
