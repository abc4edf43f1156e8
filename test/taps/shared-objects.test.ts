import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import * as cryptoExports from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import http, { STATUS_CODES } from 'node:http';
import https from 'node:https';
import { inspect } from 'node:util';
import { createContext, runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  firstMemberChange,
  readSharedObjects,
  restoreSharedObjects,
} from '../../src/taps/shared-objects.js';

// These tests play the copies of a vmForks worker in this process: each read is a copy starting.
const members = crypto as unknown as Record<PropertyKey, unknown>;
// Node's settings of the agent, which its types leave out.
const agentOptions = (http.globalAgent as unknown as { readonly options: object }).options;
const MARK = Symbol.for('envelope-mutants-test.queue');
// Where a worker keeps the classes its first read found: each test is a worker's first read.
const PROTOTYPES = Symbol.for('envelope-mutants.shared-prototypes');
beforeEach(() => {
  Reflect.deleteProperty(process, PROTOTYPES);
});

describe('readSharedObjects', () => {
  test('should report a stub an earlier file left on a built-in module', () => {
    const first = readSharedObjects();
    const random = crypto.randomUUID;
    crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe('crypto.randomUUID');
    } finally {
      crypto.randomUUID = random;
    }
    expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
  });

  test('should report a method of process an earlier file replaced', () => {
    const first = readSharedObjects();
    const umask = Object.getOwnPropertyDescriptor(process, 'umask');
    Object.defineProperty(process, 'umask', { value: () => 0o22, configurable: true });
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe('process.umask');
    } finally {
      if (umask !== undefined) Object.defineProperty(process, 'umask', umask);
    }
  });

  test("should leave out the process.exit vitest gives each file, and process's other members", () => {
    const first = readSharedObjects();
    const exit = Object.getOwnPropertyDescriptor(process, 'exit');
    const holder = process as unknown as Record<string, unknown>;
    process.exit = () => {
      throw new Error('process.exit unexpectedly called');
    };
    holder['envelopeMutantsSharedMark'] = 1;
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      if (exit !== undefined) Object.defineProperty(process, 'exit', exit);
      Reflect.deleteProperty(holder, 'envelopeMutantsSharedMark');
    }
  });

  test('should report a method an earlier file patched on the prototype of a built-in class', () => {
    const first = readSharedObjects();
    const emit = Object.getOwnPropertyDescriptor(EventEmitter.prototype, 'emit');
    const prototype = EventEmitter.prototype as unknown as Record<string, unknown>;
    EventEmitter.prototype.emit = function (this: EventEmitter) {
      return false;
    };
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe('events.prototype.emit');
      restoreSharedObjects(first);
      expect(Object.getOwnPropertyDescriptor(EventEmitter.prototype, 'emit')).toEqual(emit);
      // Every member of a prototype counts, not only its methods.
      prototype['envelopeMutantsMark'] = true;
      expect(firstMemberChange(first, readSharedObjects())).toBe(
        'events.prototype.envelopeMutantsMark',
      );
    } finally {
      if (emit !== undefined) Object.defineProperty(EventEmitter.prototype, 'emit', emit);
      Reflect.deleteProperty(prototype, 'envelopeMutantsMark');
    }
  });

  test("should compare only the methods of process's standard streams, whose state changes", () => {
    const first = readSharedObjects();
    const listener = (): void => {};
    for (const stream of [process.stdout, process.stderr]) stream.on('drain', listener);
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      for (const stream of [process.stdout, process.stderr]) stream.off('drain', listener);
    }
  });

  test('should report a write a file left on process.stderr', () => {
    const first = readSharedObjects();
    process.stderr.write = () => true;
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe('process.stderr.write');
    } finally {
      Reflect.deleteProperty(process.stderr, 'write');
    }
  });

  test('should report and take away a write a file left on process.stdout to capture it', () => {
    const found = readSharedObjects();
    const stdout = process.stdout as unknown as Record<string, unknown>;
    process.stdout.write = () => true;
    try {
      expect(firstMemberChange(found, readSharedObjects())).toBe('process.stdout.write');
      restoreSharedObjects(found);
      expect(Object.hasOwn(stdout, 'write')).toBe(false);
    } finally {
      Reflect.deleteProperty(stdout, 'write');
    }
  });

  test("should compare a global of the worker's realm, not one of the context's own", () => {
    // In a vm pool vitest hands each context the worker's `performance`; here another realm
    // plays the worker's, and this one the context's.
    const globals = globalThis as unknown as Record<string, { now: () => number } | undefined>;
    globals['envelopeMutantsWorker'] = runInNewContext('({ now: () => 1, limit: 1 })') as {
      now: () => number;
    };
    globals['envelopeMutantsOwn'] = { now: () => 1 };
    try {
      const first = readSharedObjects();
      Object.assign(globals['envelopeMutantsOwn'], { now: () => 2 });
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
      // Every member of a worker's global counts, not only its methods.
      Object.assign(globals['envelopeMutantsWorker'], { limit: 2 });
      expect(firstMemberChange(first, readSharedObjects())).toBe(
        'globalThis.envelopeMutantsWorker.limit',
      );
      // A context's next copy has objects of its own under the same names: not compared.
      globals['envelopeMutantsWorker'] = runInNewContext('({ now: () => 3 })') as {
        now: () => number;
      };
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      Reflect.deleteProperty(globals, 'envelopeMutantsWorker');
      Reflect.deleteProperty(globals, 'envelopeMutantsOwn');
    }
  });

  test("should tell a context's own globals from the worker's when read from another realm", () => {
    // A vmForks worker reads each copy's context from its own realm (`process-state.ts`): here a
    // new context plays the copy's, and this realm the worker's.
    const context = createContext({});
    const own = runInNewContext('globalThis.envelopeMutantsOwn = { limit: 1 }; Object', context);
    const worker = { limit: 1 };
    Object.assign(context, { envelopeMutantsWorker: worker });
    const realm = { global: context, Object: own as ObjectConstructor };
    const first = readSharedObjects(realm);
    runInNewContext('envelopeMutantsOwn.limit = 2', context);
    expect(firstMemberChange(first, readSharedObjects(realm))).toBeUndefined();
    worker.limit = 2;
    expect(firstMemberChange(first, readSharedObjects(realm))).toBe(
      'globalThis.envelopeMutantsWorker.limit',
    );
  });

  test('should leave out the object a copy’s context was made of, which holds its own globals', () => {
    // vitest sets `global` to the worker's object it made the context of: another realm's object,
    // whose members are the copy's own globals (a global the copy first reads, or sets).
    const globals = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
    globals['envelopeMutantsSandbox'] = runInNewContext('createContext({ own: 1 })', {
      createContext,
    }) as Record<string, unknown>;
    try {
      const first = readSharedObjects();
      Object.assign(globals['envelopeMutantsSandbox'], { own: 2 });
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      Reflect.deleteProperty(globals, 'envelopeMutantsSandbox');
    }
  });

  test("should leave out vitest's own state among the worker's globals", () => {
    // vitest hands each context its worker's state, whose members change with every file.
    const globals = globalThis as unknown as Record<string, { file: string } | undefined>;
    globals['__vitest_worker_test__'] = runInNewContext('({ file: "a.test.ts" })') as {
      file: string;
    };
    globals['__VITEST_TEST__'] = runInNewContext('({ file: "a.test.ts" })') as { file: string };
    try {
      const first = readSharedObjects();
      Object.assign(globals['__vitest_worker_test__'], { file: 'b.test.ts' });
      Object.assign(globals['__VITEST_TEST__'], { file: 'b.test.ts' });
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      Reflect.deleteProperty(globals, '__vitest_worker_test__');
      Reflect.deleteProperty(globals, '__VITEST_TEST__');
    }
  });

  test('should report a stub left on the crypto global, which is the worker’s webcrypto', () => {
    const first = readSharedObjects();
    const webcrypto = globalThis.crypto as unknown as Record<string, unknown>;
    webcrypto['randomUUID'] = () => '00000000-0000-4000-8000-000000000000';
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe('crypto.webcrypto.randomUUID');
    } finally {
      Reflect.deleteProperty(webcrypto, 'randomUUID');
    }
  });

  test('should report a member added to a built-in module under a symbol', () => {
    const first = readSharedObjects();
    members[MARK] = [];
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe(
        'crypto[Symbol(envelope-mutants-test.queue)]',
      );
    } finally {
      Reflect.deleteProperty(members, MARK);
    }
  });
});

describe('the objects that hold the settings of a built-in', () => {
  test.each([
    ['util.inspect.defaultOptions.depth', inspect.defaultOptions, 'depth', 0],
    ['util.inspect.styles.number', inspect.styles, 'number', 'red'],
    ['http.STATUS_CODES.418', STATUS_CODES, '418', 'Short and stout'],
    ['http.globalAgent.maxSockets', http.globalAgent, 'maxSockets', 1],
    ['http.globalAgent.options.timeout', agentOptions, 'timeout', 1],
    ['https.globalAgent.keepAlive', https.globalAgent, 'keepAlive', false],
  ])('should report and give back %s', (name, setting, key, value) => {
    const first = readSharedObjects();
    const members = setting as Record<string, unknown>;
    const was = members[key];
    members[key] = value;
    try {
      expect(firstMemberChange(first, readSharedObjects())).toBe(name);
      restoreSharedObjects(first);
      expect(members[key]).toBe(was);
      expect(firstMemberChange(first, readSharedObjects())).toBeUndefined();
    } finally {
      members[key] = was;
    }
  });
});

describe('the global agents', () => {
  // An accessor of node:http: the module's members stay the same when the agent changes.
  test.each([
    ['another agent', () => new http.Agent({ maxSockets: 1 })],
    ['nothing', () => undefined],
  ])('should report and give back http.globalAgent when a suite put %s in its place', (_, put) => {
    const found = readSharedObjects();
    const agent = http.globalAgent;
    (http as { globalAgent: unknown }).globalAgent = put();
    try {
      expect(firstMemberChange(found, readSharedObjects())).toBe('http.globalAgent');
      restoreSharedObjects(found);
      expect(http.globalAgent).toBe(agent);
    } finally {
      http.globalAgent = agent;
    }
  });

  test('should not count a socket the agent keeps alive after a request', () => {
    const found = readSharedObjects();
    const agent = http.globalAgent as unknown as { totalSocketCount: number };
    const count = agent.totalSocketCount;
    agent.totalSocketCount = count + 1;
    try {
      expect(firstMemberChange(found, readSharedObjects())).toBeUndefined();
    } finally {
      agent.totalSocketCount = count;
    }
  });
});

describe('restoreSharedObjects', () => {
  test('should give back the members a file found, and take away the ones it added', () => {
    const found = readSharedObjects();
    const random = crypto.randomUUID;
    const exists = fs.existsSync;
    crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
    members[MARK] = [];
    try {
      restoreSharedObjects(found);

      expect(crypto.randomUUID).toBe(random);
      expect(fs.existsSync).toBe(exists);
      expect(MARK in members).toBe(false);
      expect(firstMemberChange(found, readSharedObjects())).toBeUndefined();
    } finally {
      crypto.randomUUID = random;
      Reflect.deleteProperty(members, MARK);
    }
  });

  test("should give back a built-in's named ESM exports too", () => {
    const random = crypto.randomUUID;
    const found = readSharedObjects();
    // A suite that synced its stub reaches `import { randomUUID } from 'node:crypto'` too.
    crypto.randomUUID = () => '00000000-0000-4000-8000-000000000000';
    syncBuiltinESMExports();
    try {
      restoreSharedObjects(found);

      expect(cryptoExports.randomUUID).toBe(random);
    } finally {
      crypto.randomUUID = random;
      syncBuiltinESMExports();
    }
  });

  test('should give back a method of process but leave a member added to it', () => {
    const found = readSharedObjects();
    const umask = Object.getOwnPropertyDescriptor(process, 'umask');
    const holder = process as unknown as Record<string, unknown>;
    Object.defineProperty(process, 'umask', { value: () => 0o22, configurable: true });
    holder['envelopeMutantsSharedMark'] = 1;
    try {
      restoreSharedObjects(found);

      expect(Object.getOwnPropertyDescriptor(process, 'umask')).toEqual(umask);
      expect(holder['envelopeMutantsSharedMark']).toBe(1);
    } finally {
      if (umask !== undefined) Object.defineProperty(process, 'umask', umask);
      Reflect.deleteProperty(holder, 'envelopeMutantsSharedMark');
    }
  });
});
