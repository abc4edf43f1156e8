// The read-tracking view a tracked copy hands the suite instead of an envelope. A mutant changes
// only what its site's tap returns, so if nothing the suite reads of that envelope differs
// between the original and the mutant, the mutant's run is the unmutated run, read for read: the
// suite cannot tell them apart (docs/design.md "Unobserved mutants"). Every way JavaScript looks
// into a plain object goes through a proxy trap, except identity and `Array.isArray`, which a
// view of the same object answers alike; `typeof` is 'object' for both.
import type { Read, ReadLog } from './tap-protocol.js';

/** What the suite read of one site's envelope so far; mutable while the file runs. */
export interface ReadRecorder {
  readonly reads: Map<string, Read>;
  opaque: string | undefined;
}

interface View {
  readonly target: object;
  readonly path: readonly string[];
  readonly recorder: ReadRecorder;
}

const VIEWS_KEY = Symbol.for('envelope-mutants.read-views');

/**
 * Views by proxy, shared by every copy of this module in the worker: on `process`, which a vm
 * pool's contexts share, so that a guard installed once per worker process on `node:util`
 * recognises the views of any copy.
 */
const VIEWS: WeakMap<object, View> = ((
  (typeof process === 'object' ? process : globalThis) as unknown as Record<
    symbol,
    WeakMap<object, View> | undefined
  >
)[VIEWS_KEY] ??= new WeakMap());

export function newReadRecorder(): ReadRecorder {
  return { reads: new Map(), opaque: undefined };
}

export function toReadLog(recorder: ReadRecorder): ReadLog {
  return recorder.opaque === undefined
    ? { reads: [...recorder.reads.values()] }
    : { reads: [], opaque: recorder.opaque };
}

/**
 * A view of `value`, JSON data as `JSON.parse` returns it (the tap hands the suite a view of its
 * envelope's JSON copy, as a mutant is one), that notes every read in `recorder`.
 */
export function trackReads<T>(value: T, recorder: ReadRecorder): T {
  if (typeof value !== 'object' || value === null) {
    recorder.opaque ??= 'the tap saw a primitive, not an object';
    return value;
  }
  note(recorder, { op: 'value', path: [] });
  return viewOf(value, [], recorder) as T;
}

/**
 * Which of `among` the member `key` of `message` equals (`===`), or `otherwise` when none; on a
 * tracked view this is the only read noted of that member (a `match`), so a mutant that changes
 * an id to another id that matches nothing pending is still unobserved by a client that settles
 * the oldest request then.
 */
export function matchedIndex(
  message: unknown,
  key: string,
  among: readonly unknown[],
  otherwise: number,
): number {
  if (typeof message !== 'object' || message === null) return otherwise;
  const view = VIEWS.get(message);
  const target = (view?.target ?? message) as Record<string, unknown>;
  if (view !== undefined) {
    note(view.recorder, { op: 'match', path: [...view.path, key], among: [...among], otherwise });
  }
  const index = among.indexOf(target[key]);
  return index === -1 ? otherwise : index;
}

/**
 * Marks opaque the log of every view in `values` (and in plain objects and arrays around them, a
 * few levels deep): Node's `util.inspect`, and so `console.log` and `util.format`, looks through
 * a proxy at its target without a trap, so what such text shows of a view was never noted.
 */
export function markFormatted(values: readonly unknown[]): void {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || seen.size > 1_000) return;
    seen.add(value);
    const view = VIEWS.get(value);
    if (view !== undefined) {
      view.recorder.opaque ??= 'the suite formatted the envelope as text (util.inspect, console)';
      return;
    }
    if (depth === 0) return;
    // A plain object or array of any realm: a guard of the worker's own `node:util` or
    // `node:console`, installed by its first copy, formats the values of every later copy's VM
    // context, whose `Object.prototype` is its own.
    const prototype = Object.getPrototypeOf(value) as object | null;
    const plain = prototype === null || Object.getPrototypeOf(prototype) === null;
    if (!plain && !Array.isArray(value)) return;
    for (const key of Object.keys(value))
      visit(Object.getOwnPropertyDescriptor(value, key)?.value, depth - 1);
  };
  for (const value of values) visit(value, 4);
}

function viewOf(target: object, path: readonly string[], recorder: ReadRecorder): object {
  const wrote = (): void => {
    recorder.opaque ??= 'the suite wrote to the envelope';
  };
  // One view per member: `res.result === res.result` must hold as it does unwrapped.
  const children = new Map<string, unknown>();
  const member = (key: string, value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (!children.has(key)) children.set(key, viewOf(value, [...path, key], recorder));
    return children.get(key);
  };
  const proxy = new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'symbol') return Reflect.get(object, key, receiver) as unknown;
      note(recorder, { op: 'value', path: [...path, key] });
      const value = Reflect.get(object, key, receiver) as unknown;
      return Object.hasOwn(object, key) ? member(key, value) : value;
    },
    has(object, key) {
      if (typeof key === 'string') note(recorder, { op: 'has', path: [...path, key] });
      return Reflect.has(object, key);
    },
    ownKeys(object) {
      note(recorder, { op: 'keys', path: [...path] });
      return Reflect.ownKeys(object);
    },
    getOwnPropertyDescriptor(object, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
      if (typeof key === 'symbol') return descriptor;
      note(recorder, { op: 'value', path: [...path, key] });
      // JSON data has data members only.
      return descriptor === undefined
        ? undefined
        : { ...descriptor, value: member(key, descriptor.value) };
    },
    set(object, key, value, receiver) {
      wrote();
      return Reflect.set(object, key, value, receiver);
    },
    defineProperty(object, key, descriptor) {
      wrote();
      return Reflect.defineProperty(object, key, descriptor);
    },
    deleteProperty(object, key) {
      wrote();
      return Reflect.deleteProperty(object, key);
    },
    setPrototypeOf(object, prototype) {
      wrote();
      return Reflect.setPrototypeOf(object, prototype);
    },
    preventExtensions(object) {
      wrote();
      return Reflect.preventExtensions(object);
    },
  });
  VIEWS.set(proxy, { target, path, recorder });
  return proxy;
}

function note(recorder: ReadRecorder, read: Read): void {
  const key = JSON.stringify(read);
  if (!recorder.reads.has(key)) recorder.reads.set(key, read);
}
