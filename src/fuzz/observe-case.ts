import type { DecodedOutcome, Decoder, DecoderSession, MaybePromise } from './decoder.js';
import { isDecodedOutcome, isDecoderSession } from './decoder.js';
import type { FuzzCase } from './fuzz-case.js';
import { isClientAction, type ClientAction } from '../taxonomy/client-action.js';
import type { TapPlan } from '../taps/tap-protocol.js';
import {
  activeTapState,
  clearTapState,
  installTapState,
  type TapState,
} from '../taps/tap-state.js';
import { describeValue } from '../envelope/describe-value.js';

/** The session hook that threw (or misbehaved), for the `session-survives` property. */
export type SessionHook = 'createSession' | 'request' | 'receive' | 'outcome' | 'close';

/** The decoder threw, rejected or returned something that is not part of the interface. */
export interface SessionCrash {
  readonly hook: SessionHook;
  /** Index of the delivery being handled; absent before the first one. */
  readonly delivery?: number;
  readonly message: string;
}

/**
 * What the decoder did with one case. `steps[0]` holds the outcomes right after the requests
 * were announced; `steps[k]` the outcomes after delivery `k - 1`. Outcomes are aligned with
 * `case.requests`.
 */
export interface Observation {
  readonly steps: readonly (readonly DecodedOutcome[])[];
  readonly crash?: SessionCrash;
  /**
   * The actions the client's failure policy took through `tapDecision`, aligned with `steps`
   * (those taken while the requests were announced, then during each delivery). Absent when the
   * decoder tapped no decision.
   */
  readonly decisions?: readonly (readonly ClientAction[])[];
}

const PENDING: DecodedOutcome = { kind: 'pending' };

/**
 * Opening and closing a session may legitimately take longer than answering (an SDK import, a
 * handshake); they get this much, so that a slow first session is not mistaken for a crash.
 */
const SESSION_DEADLINE_MS = 5_000;

class Crash extends Error {
  constructor(
    readonly hook: SessionHook,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Drives a fresh session of `decoder` through `fuzzCase` and records the outcome of every request
 * after every delivery. Never throws for a decoder's misbehaviour: a throw, a rejection or a
 * malformed return value ends the case as a {@link SessionCrash}. A hook that does not settle
 * within `deadlineMs` counts as `pending` (for `outcome`) or as no effect (for `receive`).
 */
export async function observeCase(
  decoder: Decoder,
  fuzzCase: FuzzCase,
  deadlineMs: number,
): Promise<Observation> {
  const steps: DecodedOutcome[][] = [];
  const taps = DecisionLog.open();
  let session: DecoderSession | undefined;
  let delivery: number | undefined;
  let crash: SessionCrash | undefined;
  try {
    session = await call(
      'createSession',
      () => decoder.createSession(),
      SESSION_DEADLINE_MS,
      undefined,
    );
    if (session === undefined) throw new Crash('createSession', 'did not return a session in time');
    if (!isDecoderSession(session)) {
      throw new Crash('createSession', 'returned a value without request/receive/outcome hooks');
    }
    const live = session;
    for (const request of fuzzCase.requests) {
      const info = request.outputSchema === undefined ? {} : { outputSchema: request.outputSchema };
      await call(
        'request',
        () => live.request(request.id, request.method, info),
        deadlineMs,
        undefined,
      );
    }
    steps.push(await decodeOutcomes(live, fuzzCase, deadlineMs));
    taps?.endStep();
    for (const [index, step] of fuzzCase.deliveries.entries()) {
      delivery = index;
      await call('receive', () => live.receive(step.envelope), deadlineMs, undefined);
      steps.push(await decodeOutcomes(live, fuzzCase, deadlineMs));
      taps?.endStep();
    }
  } catch (error) {
    crash = toCrash(error, delivery);
  }
  const closeCrash = await close(session);
  const decisions = taps?.close();
  const finalCrash = crash ?? closeCrash;
  return {
    steps,
    ...(finalCrash === undefined ? {} : { crash: finalCrash }),
    ...(decisions === undefined ? {} : { decisions }),
  };
}

/**
 * The decisions a session takes through `tapDecision`: a record-mode tap state is installed for
 * the session, and the decision sites it records are read back after each step. Inside a mutation
 * run (a tap state is already active) nothing is installed, so the run's own state is untouched.
 */
class DecisionLog {
  private readonly steps: ClientAction[][] = [];
  private seen = 0;

  private constructor(private readonly state: TapState) {}

  static open(): DecisionLog | undefined {
    if (activeTapState() !== undefined) return undefined;
    const plan: TapPlan = { mode: 'record', root: '', mutations: {} };
    return new DecisionLog(installTapState(plan, 'fuzz', () => undefined));
  }

  endStep(): void {
    const sites = this.state.fileLog.sites.slice(this.seen);
    this.seen += sites.length;
    this.steps.push(
      sites.flatMap((site) => {
        const action: unknown =
          site.kind === 'decision' ? (site.value as { action?: unknown }).action : undefined;
        return isClientAction(action) ? [action] : [];
      }),
    );
  }

  /** Uninstalls the state; the actions per step, or `undefined` when none was tapped. */
  close(): ClientAction[][] | undefined {
    if (activeTapState() === this.state) clearTapState();
    return this.steps.some((actions) => actions.length > 0) ? this.steps : undefined;
  }
}

async function decodeOutcomes(
  session: DecoderSession,
  fuzzCase: FuzzCase,
  deadlineMs: number,
): Promise<DecodedOutcome[]> {
  const outcomes: DecodedOutcome[] = [];
  for (const request of fuzzCase.requests) {
    const outcome: unknown = await call(
      'outcome',
      () => session.outcome(request.id),
      deadlineMs,
      PENDING,
    );
    if (!isDecodedOutcome(outcome)) {
      throw new Crash(
        'outcome',
        `returned ${describeValue(outcome, SHOWN)}, which is not a DecodedOutcome`,
      );
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

async function close(session: DecoderSession | undefined): Promise<SessionCrash | undefined> {
  if (session === undefined || typeof session.close !== 'function') return undefined;
  const live = session;
  try {
    await call('close', () => live.close?.(), SESSION_DEADLINE_MS, undefined);
    return undefined;
  } catch (error) {
    return toCrash(error, undefined);
  }
}

/**
 * Calls a hook; a synchronous result is used at once (no timer: the reference decoder runs
 * thousands of cases a second), a promise races the deadline.
 */
async function call<T, F>(
  hook: SessionHook,
  invoke: () => MaybePromise<T>,
  deadlineMs: number,
  onTimeout: F,
): Promise<T | F> {
  let result: MaybePromise<T>;
  try {
    result = invoke();
  } catch (error) {
    throw new Crash(hook, `threw ${errorText(error)}`);
  }
  if (!isThenable(result)) return result;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<F>((resolve) => {
    timer = setTimeout(() => {
      resolve(onTimeout);
    }, deadlineMs);
  });
  try {
    return await Promise.race([result, deadline]);
  } catch (error) {
    throw new Crash(hook, `rejected with ${errorText(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

function isThenable<T>(value: MaybePromise<T>): value is Promise<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function toCrash(error: unknown, delivery: number | undefined): SessionCrash {
  const hook = error instanceof Crash ? error.hook : 'receive';
  const message = error instanceof Crash ? error.message : `threw ${errorText(error)}`;
  return delivery === undefined ? { hook, message } : { hook, delivery, message };
}

/** A value a decoder gave or threw, in a crash's message: its JSON text, clipped. */
const SHOWN = { json: true };

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return describeValue(error, SHOWN);
}
