// The objects every copy of a vmForks worker reaches, beside `process`: a VM context per copy has
// globals of its own, but Node's built-in modules are the worker's (`import crypto from
// 'node:crypto'` in any copy is the one `crypto` of the process), and so are the globals vitest
// hands each context from the worker's realm (`Buffer`, `performance`, the timers). A stub a copy
// leaves on one (`crypto.randomUUID = () => fixed`, a spy a mutant's throw kept the test from
// restoring), every later copy of the worker calls; the mutant's reference run starts each test
// file in a process of its own, where no earlier file left anything.
import { syncBuiltinESMExports } from 'node:module';
import { isContext } from 'node:vm';

/**
 * The built-in modules a suite stubs (ids, time, the file system, the network, processes). Each
 * is loaded once per worker; a module no copy imports costs a load and nothing else. Not every
 * built-in: loading some changes the process (`domain` changes how every EventEmitter reports an
 * error) or prints a warning (`wasi`).
 */
const MODULES = [
  'async_hooks',
  'buffer',
  'child_process',
  'crypto',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];

/** The objects of `util.inspect` that hold its settings (`util.inspect.defaultOptions`). */
const SETTINGS = ['defaultOptions', 'styles', 'colors'];

/**
 * What vitest itself sets on `process` as it hands a worker each test file: a `process.exit` that
 * throws, new for every file, in a process of its own or not.
 */
const SET_PER_FILE = new Set<PropertyKey>(['exit']);

/**
 * What a global agent (`http.globalAgent`) counts of the sockets in use: one Node keeps alive after
 * a copy's request counts there until it closes (5 s in Node 20), with nothing changed for the
 * next copy's requests. Its settings (`maxSockets`, `keepAlive`, `options`) are compared.
 */
const IN_USE = new Set<PropertyKey>(['totalSocketCount']);

const NONE: ReadonlySet<PropertyKey> = new Set();

/** On `process`: the prototypes the first read of a worker found (`prototypesOf`). */
const PROTOTYPES = Symbol.for('envelope-mutants.shared-prototypes');

/** One object the copies share, and its own members (their descriptors) when it was read. */
interface SharedObject {
  /** How a report names it: `crypto`, `globalThis.Buffer`, `process.stdout`. */
  readonly name: string;
  readonly object: object;
  /**
   * Only its methods (`process` and its streams): their other members change as a worker runs
   * (an event's listeners, a stream's state), and `process-state.ts` compares those of `process`.
   */
  readonly methodsOnly: boolean;
  /** Members left out: they change as the worker runs (`IN_USE`). */
  readonly left: ReadonlySet<PropertyKey>;
  /**
   * Where a built-in keeps it, for an object every copy must find there: `http.globalAgent` is an
   * accessor of `node:http`, so an agent a copy puts in its place changes no member of the module.
   */
  readonly home?: { readonly owner: object; readonly key: string };
  readonly members: ReadonlyMap<PropertyKey, PropertyDescriptor>;
}

/** The shared objects as a copy found them. */
export type SharedObjects = readonly SharedObject[];

/**
 * The copy's VM context, as the reads see it: its global object, and its own `Object`, which
 * tells the context's objects from the worker's. Both are this module's own by default; a read
 * made from the worker's realm (`process-state.ts`) is handed the copy's.
 */
export interface CopyRealm {
  readonly global: object;
  readonly Object: ObjectConstructor;
}

/** The realm of the module that reads: a copy's own, where the copy's setup file loaded it. */
export const THIS_REALM: CopyRealm = { global: globalThis, Object };

/**
 * Reads the members of the shared objects: the methods of `process` and of its standard streams
 * (a suite that captures its output replaces `process.stdout.write`), the built-in modules with
 * `crypto.webcrypto` and the objects that hold their settings, the globals of the worker's realm,
 * and the prototypes of their classes.
 */
export function readSharedObjects(realm: CopyRealm = THIS_REALM): SharedObjects {
  // First: loading `worker_threads` replaces `process.chdir` (Node then tells workers of a move).
  const modules = [
    ...builtinModules().map(([name, object]) => shared(name, object, false)),
    ...globalAgents(),
  ];
  const globals = globalsOfTheWorker(realm).map(([name, object]) =>
    shared(`globalThis.${name}`, object, false),
  );
  const whole = [...modules, ...globals];
  // The same classes in every copy of a worker: found by its first, kept on `process`.
  const holder = process as unknown as Record<symbol, [string, object][] | undefined>;
  const prototypes = (holder[PROTOTYPES] ??= prototypesOf(whole));
  return [
    shared('process', process, true),
    shared('process.stdout', process.stdout, true),
    shared('process.stderr', process.stderr, true),
    ...whole,
    ...prototypes.map(([name, object]) => shared(name, object, false)),
  ];
}

/**
 * The prototypes of the classes among `objects` and their members, one of each (a suite that
 * patches `http.ClientRequest.prototype.end` or `EventEmitter.prototype.emit` changes every
 * request and emitter of the worker). `events` is itself the class `EventEmitter`.
 */
function prototypesOf(objects: SharedObjects): [string, object][] {
  const seen = new Set<unknown>(objects.map(({ object }) => object));
  const found: [string, object][] = [];
  const add = (name: string, value: unknown): void => {
    if (typeof value !== 'function') return;
    const prototype: unknown = Reflect.getOwnPropertyDescriptor(value, 'prototype')?.value;
    if (typeof prototype !== 'object' || prototype === null || seen.has(prototype)) return;
    seen.add(prototype);
    // A plain function's prototype holds its `constructor` alone: a class's has its methods.
    if (Reflect.ownKeys(prototype).length > 1) found.push([`${name}.prototype`, prototype]);
  };
  for (const { name, object, members } of objects) {
    add(name, object);
    for (const [key, member] of members) add(`${name}${memberName(key)}`, member.value);
  }
  return found;
}

function shared(
  name: string,
  object: object,
  methodsOnly: boolean,
  left: ReadonlySet<PropertyKey> = NONE,
  home?: SharedObject['home'],
): SharedObject {
  const members = membersOf(object, methodsOnly, left);
  return { name, object, methodsOnly, left, members, ...(home === undefined ? {} : { home }) };
}

/**
 * The first member whose descriptor differs (`crypto.randomUUID`), of the objects both reads
 * found under one name. A global the copy's context owns is another object in every copy, and
 * is not compared.
 */
export function firstMemberChange(before: SharedObjects, after: SharedObjects): string | undefined {
  const earlier = new Map(before.map((shared) => [shared.name, shared]));
  // An object every copy must find in its home, and which is gone (`http.globalAgent = undefined`).
  const found = new Set(after.map((shared) => shared.name));
  const gone = before.find((shared) => shared.home !== undefined && !found.has(shared.name));
  if (gone !== undefined) return gone.name;
  for (const now of after) {
    const then = earlier.get(now.name);
    if (then === undefined) continue;
    if (then.object !== now.object) {
      if (then.home !== undefined) return now.name;
      continue;
    }
    const changed = firstDifference(then.members, now.members);
    if (changed !== undefined) return `${now.name}${memberName(changed)}`;
  }
  return undefined;
}

/** Gives every shared object back the members it had when `objects` was read. */
export function restoreSharedObjects(objects: SharedObjects): void {
  let restored = false;
  for (const { object, members, methodsOnly, left, home } of objects) {
    if (home !== undefined && Reflect.get(home.owner, home.key) !== object) {
      Reflect.set(home.owner, home.key, object);
      restored = true;
    }
    const now = membersOf(object, methodsOnly, left);
    // Of `process`, only its methods: a member added there is reported, not taken away.
    const keys = object === process ? members.keys() : new Set([...members.keys(), ...now.keys()]);
    for (const key of keys) {
      const then = members.get(key);
      if (sameMember(then, now.get(key))) continue;
      restored = true;
      if (then === undefined) Reflect.deleteProperty(object, key);
      else Reflect.defineProperty(object, key, then);
    }
  }
  // ESM's named imports of a built-in (`import { randomUUID } from 'node:crypto'`) follow.
  if (restored) syncBuiltinESMExports();
}

function builtinModules(): [string, object][] {
  // Node's own loader (Node 20.16): in a vm pool an `import` would be vitest's stand-in.
  const node: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> = globalThis.process;
  if (node.getBuiltinModule === undefined) return [];
  const load = (id: string): object => node.getBuiltinModule?.(id) as object;
  // The `crypto` global of every context (an accessor, left unread below) is this object.
  const { webcrypto } = load('node:crypto') as { readonly webcrypto: object };
  const { inspect } = load('node:util') as { readonly inspect: Record<string, object> };
  const { STATUS_CODES } = load('node:http') as { readonly STATUS_CODES: object };
  return [
    ...MODULES.map((name): [string, object] => [name, load(`node:${name}`)]),
    ['crypto.webcrypto', webcrypto],
    ['Crypto.prototype', Object.getPrototypeOf(webcrypto) as object],
    // The objects a built-in keeps settings in, changed member by member:
    // `util.inspect.defaultOptions.depth = 0` changes what every later copy prints.
    ...SETTINGS.flatMap((name): [string, object][] => {
      const setting = inspect[name];
      return typeof setting === 'object' ? [[`util.inspect.${name}`, setting]] : [];
    }),
    ['http.STATUS_CODES', STATUS_CODES],
  ];
}

/**
 * The agents every request without one of its own uses, and their options: a suite that sets
 * `http.globalAgent.maxSockets = 1` limits the requests of every later copy.
 */
function globalAgents(): SharedObject[] {
  const node: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> = globalThis.process;
  return ['http', 'https'].flatMap((name) => {
    const owner = node.getBuiltinModule?.(`node:${name}`) as { globalAgent?: unknown } | undefined;
    const agent = owner?.globalAgent;
    if (owner === undefined || typeof agent !== 'object' || agent === null) return [];
    const { options } = agent as { readonly options?: unknown };
    const settings = typeof options === 'object' && options !== null ? [options] : [];
    return [
      shared(`${name}.globalAgent`, agent, false, IN_USE, { owner, key: 'globalAgent' }),
      ...settings.map((object) => shared(`${name}.globalAgent.options`, object, false)),
    ];
  });
}

/**
 * The globals of the copy's context that are objects of another realm: the worker's, which vitest
 * gives every context (an intrinsic of the context itself, `Math` or `JSON`, is new in each).
 * Accessors are left unread: a getter of Node's loads its module when called.
 */
function globalsOfTheWorker(realm: CopyRealm): [string, object][] {
  const members = Object.getOwnPropertyDescriptors(realm.global);
  return Object.entries(members).flatMap(([name, member]) => {
    const value: unknown = member.value;
    if (name === 'process' || name.startsWith('__vitest') || name.startsWith('__VITEST')) return [];
    const isObject = (typeof value === 'object' && value !== null) || typeof value === 'function';
    if (!isObject) return [];
    // The object vitest made this copy's context of (`global`) is the worker's too, and holds
    // the context's own globals: no other copy reaches it.
    if (typeof value === 'object' && isContext(value)) return [];
    // An object of the context's realm inherits from that realm's `Object.prototype`.
    return value instanceof realm.Object ? [] : [[name, value]];
  });
}

function membersOf(
  object: object,
  methodsOnly: boolean,
  left: ReadonlySet<PropertyKey>,
): Map<PropertyKey, PropertyDescriptor> {
  const members = new Map<PropertyKey, PropertyDescriptor>();
  for (const key of Reflect.ownKeys(object)) {
    if (left.has(key)) continue;
    const member = Reflect.getOwnPropertyDescriptor(object, key);
    if (member === undefined) continue;
    if (methodsOnly && (typeof member.value !== 'function' || SET_PER_FILE.has(key))) continue;
    members.set(key, member);
  }
  return members;
}

function firstDifference(
  before: ReadonlyMap<PropertyKey, PropertyDescriptor>,
  after: ReadonlyMap<PropertyKey, PropertyDescriptor>,
): PropertyKey | undefined {
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (!sameMember(before.get(key), after.get(key))) return key;
  }
  return undefined;
}

/** The same value (or the same accessors): a stub is a new function, a spy a new object. */
function sameMember(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}

function memberName(key: PropertyKey): string {
  return typeof key === 'symbol' ? `[${String(key)}]` : `.${String(key)}`;
}
