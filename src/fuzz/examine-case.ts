import type { Decoder } from './decoder.js';
import type { JudgeEnvelope } from './envelope-verdict.js';
import type { FuzzCase } from './fuzz-case.js';
import { judgeCase, type PropertyFailure } from './judge-case.js';
import { judgeProse, proseJudgeable } from './judge-prose.js';
import { type Observation, observeCase } from './observe-case.js';
import { rewordedDeliveries } from './reword-case.js';

/** What {@link examineCase} needs besides the decoder and the case. */
export interface ExamineCaseOptions {
  readonly judge: JudgeEnvelope;
  readonly deadlineMs: number;
  /**
   * Judge `prose-invariance` (default true): the case is observed a second time with its
   * rewordings applied. A search turns it off once that property is broken.
   */
  readonly prose?: boolean;
}

/** A case as the decoder handled it, and the properties that breaks. */
export interface ExaminedCase {
  readonly observation: Observation;
  readonly failures: readonly PropertyFailure[];
}

/**
 * Observes the case, judges it, observes it again reworded (`prose-invariance`), and runs the control each `needsControl` failure asks for: the
 * same session start with only that request's own answer. A failure is kept when the control
 * settles the request (so the other envelope is to blame) and dropped when it does not.
 */
export async function examineCase(
  decoder: Decoder,
  fuzzCase: FuzzCase,
  options: ExamineCaseOptions,
): Promise<ExaminedCase> {
  const observation = await observeCase(decoder, fuzzCase, options.deadlineMs);
  const judged = judgeCase(fuzzCase, observation, {
    judge: options.judge,
    sanitizes: decoder.sanitizes,
  });
  const failures: PropertyFailure[] = [];
  for (const failure of judged) {
    if (failure.needsControl !== true) {
      failures.push(failure);
    } else if (await settlesAlone(decoder, fuzzCase, failure, options.deadlineMs)) {
      const { needsControl: _confirmed, ...confirmed } = failure;
      failures.push(confirmed);
    }
  }
  if (options.prose !== false && proseJudgeable(fuzzCase, options.judge)) {
    const reworded = await observeCase(
      decoder,
      { ...fuzzCase, deliveries: rewordedDeliveries(fuzzCase) },
      options.deadlineMs,
    );
    failures.push(...judgeProse(fuzzCase, observation, reworded));
  }
  return { observation, failures };
}

async function settlesAlone(
  decoder: Decoder,
  fuzzCase: FuzzCase,
  failure: PropertyFailure,
  deadlineMs: number,
): Promise<boolean> {
  const own = fuzzCase.deliveries[failure.delivery ?? -1];
  const index = fuzzCase.requests.findIndex((request) => request.id === failure.request);
  if (own === undefined || index < 0) return true;
  const control = await observeCase(decoder, { ...fuzzCase, deliveries: [own] }, deadlineMs);
  return control.crash === undefined && control.steps[1]?.[index]?.kind !== 'pending';
}
