import { afterEach, describe, expect, test } from 'vitest';
import {
  activeTapState,
  BEFORE_HOOKS,
  clearTapState,
  installTapState,
  joinLogs,
  newScopeLog,
  observeSite,
  reserveSite,
  toTapReport,
  withEarlierAttempts,
} from '../../src/taps/tap-state.js';
import { RECORD, stateFor } from './controlled-tap-state.js';

afterEach(() => clearTapState());

describe('installTapState and clearTapState', () => {
  test('should make the installed state active, and none once cleared', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const active = activeTapState();
    // Act
    clearTapState();
    // Assert
    expect(active).toBe(state);
    expect(activeTapState()).toBeUndefined();
  });
});

describe('observeSite in record mode', () => {
  test('should record a site seen twice under one explicit key once, with its first value', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'envelope', { id: 1 }, { key: 'fixture', check: {} });
    observeSite(state, 'envelope', { id: 2 }, { key: 'fixture', check: {} });
    observeSite(state, 'envelope', { id: 3 }, { key: 'other', check: {} });
    // Assert
    expect(state.tests.get('t1')?.sites.map((site) => [site.key, site.value])).toEqual([
      ['fixture', { id: 1 }],
      ['other', { id: 3 }],
    ]);
  });

  test('should note an explicit key tapped again on another kind of site, once, and no implicit key', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const toolError = (id: number) => ({ jsonrpc: '2.0', id, result: { isError: true } });
    const success = (id: number) => ({ jsonrpc: '2.0', id, result: {} });
    // Act: one kind again (another id), then a success, a protocol error and a decision.
    observeSite(state, 'envelope', toolError(1), { key: 'call', check: {} });
    observeSite(state, 'envelope', toolError(2), { key: 'call', check: {} });
    observeSite(state, 'envelope', success(3), { key: 'call', check: {} });
    observeSite(
      state,
      'envelope',
      { jsonrpc: '2.0', id: 4, error: {} },
      { key: 'call', check: {} },
    );
    observeSite(state, 'envelope', success(5), { key: 'fixture', check: {} });
    observeSite(state, 'decision', 'retry', { key: 'fixture', check: {} });
    // An answer's reserved key is implicit: tapped twice (a retry of the call), never noted.
    const reserved = { log: state.tests.get('t1') ?? newScopeLog(), key: 't1#0' };
    observeSite(state, 'envelope', toolError(6), { reserved, check: {} });
    observeSite(state, 'envelope', success(7), { reserved, check: {} });
    // Assert
    const report = toTapReport(state.tests.get('t1') ?? newScopeLog());
    expect(report.sites.map((site) => site.key)).toEqual(['call', 'fixture', 't1#0']);
    expect(report.otherKinds).toEqual([
      { key: 'call', kind: 'envelope', value: success(3), check: {} },
      { key: 'fixture', kind: 'decision', value: 'retry', check: {} },
    ]);
  });

  test('should record an undefined value as a site rather than drop it', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    // Act
    // eslint-disable-next-line @typescript-eslint/no-confusing-void-expression -- what it returns is the point
    const returned = observeSite(state, 'envelope', undefined, { check: {} });
    // Assert
    expect(returned).toBeUndefined();
    expect(state.tests.get('t1')?.sites).toEqual([
      { key: 't1#0', kind: 'envelope', value: undefined, check: {} },
    ]);
  });

  test('should count unlabelled and labelled sites apart', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'envelope', 1, { check: {} });
    observeSite(state, 'envelope', 2, { label: 'out:ping', check: {} });
    observeSite(state, 'envelope', 3, { check: {} });
    // Assert
    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual([
      't1#0',
      't1#out:ping#0',
      't1#1',
    ]);
  });
});

describe('reserveSite', () => {
  test('should give an answer the key taken when its call was made, whatever came between', () => {
    // Arrange: two calls, the second answered first.
    const { state, enter } = stateFor(RECORD);
    enter('t1');
    const first = reserveSite(state, 'in:tools/call');
    const second = reserveSite(state, 'in:tools/call');
    // Act
    observeSite(state, 'envelope', 'b', { label: 'in:tools/call', check: {}, reserved: second });
    observeSite(state, 'envelope', 'a', { label: 'in:tools/call', check: {}, reserved: first });
    observeSite(state, 'envelope', 'c', { label: 'in:tools/call', check: {} });
    // Assert
    expect(state.tests.get('t1')?.sites.map((site) => `${site.key} ${String(site.value)}`)).toEqual(
      ['t1#in:tools/call#1 b', 't1#in:tools/call#0 a', 't1#in:tools/call#2 c'],
    );
  });

  test('should tell of each new site outside a test, and of no other', () => {
    // Arrange
    const { state, enter } = stateFor(RECORD);
    const told: string[] = [];
    state.onFileSite = () => told.push(state.fileLog.sites.map((site) => site.key).join(','));
    // Act
    observeSite(state, 'envelope', 1, { key: 'module', check: {} });
    observeSite(state, 'envelope', 1, { key: 'module', check: {} });
    observeSite(state, 'envelope', 2, { label: 'describe', check: {} });
    enter('t1');
    observeSite(state, 'envelope', 3, { key: 'in a test', check: {} });
    // Assert: the second sight of a key records nothing new; a test's site is not the file's.
    expect(told).toEqual(['module', 'module,test/a.test.ts#describe#0']);
    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual(['in a test']);
  });

  test('should tell of a mutant first applied outside a test, and of no other application', () => {
    // Arrange: a mutant at a module-level key, and one at a test's key.
    const mutations = {
      module: { mutantId: 'm1', value: 'mutated' },
      'in a test': { mutantId: 'm2', value: 'mutated' },
    };
    const { state, enter } = stateFor({ mode: 'mutate', root: '/', mutations });
    const told: string[] = [];
    state.onFileSite = () => told.push(state.fileLog.applied.join(','));
    // Act
    observeSite(state, 'envelope', 1, { key: 'module', check: {} });
    observeSite(state, 'envelope', 1, { key: 'module', check: {} });
    enter('t1');
    observeSite(state, 'envelope', 2, { key: 'in a test', check: {} });
    // Assert: a file whose tests all skip themselves under m1 still says it was applied.
    expect(told).toEqual(['m1']);
  });

  test('should number the taps of a log of other counters apart from the test’s own', () => {
    // Arrange: the setup file hands the taps made before a test's beforeEach a log of their own.
    const { state, enter } = stateFor(RECORD);
    const before = newScopeLog(BEFORE_HOOKS);
    const own = newScopeLog();
    let early = true;
    state.testLog = () => (early ? before : own);
    enter('t1');
    // Act
    observeSite(state, 'envelope', 'fixture', { check: {} });
    observeSite(state, 'envelope', 'hello', { label: 'in:initialize', check: {} });
    early = false;
    observeSite(state, 'envelope', 'test', { check: {} });
    // Assert: the test's own tap keeps #0; the attempt's report holds both logs.
    expect(joinLogs(before, own).sites.map((site) => `${site.key} ${String(site.value)}`)).toEqual([
      't1#before>#0 fixture',
      't1#before>in:initialize#0 hello',
      't1#0 test',
    ]);
  });

  test('should join what an attempt applied, saw on another kind and met astray before its beforeEach', () => {
    // Arrange
    const before = newScopeLog(BEFORE_HOOKS);
    const own = newScopeLog();
    before.applied.push('m1');
    own.applied.push('m1', 'm2');
    const record = (key: string) => ({ key, kind: 'envelope' as const, value: {}, check: {} });
    before.otherKinds.push(record('fixture'));
    own.otherKinds.push(record('shared'));
    const stray = (mutantId: string) => ({
      mutantId,
      key: 'k',
      planned: 'a tool error',
      met: 'a success',
    });
    before.strayed.push(stray('m1'));
    own.strayed.push(stray('m2'));
    // Act
    const joined = joinLogs(before, own);
    // Assert
    expect(joined.applied).toEqual(['m1', 'm2']);
    expect(joined.otherKinds.map((site) => site.key)).toEqual(['fixture', 'shared']);
    expect(joined.strayed.map((site) => site.mutantId)).toEqual(['m1', 'm2']);
    expect(joined.counters).toBe('');
  });

  test('should number an answer in its own scope when it arrives in another one', () => {
    // Arrange: the call was made at file level (a beforeAll); its answer arrives in a test.
    const { state, enter } = stateFor(RECORD);
    const reserved = reserveSite(state, 'in:ping');
    enter('t1');
    // Act
    observeSite(state, 'envelope', 'late', { label: 'in:ping', check: {}, reserved });
    // Assert
    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual(['t1#in:ping#0']);
    expect(state.fileLog.sites).toEqual([]);
  });

  test('should apply the mutant planned for the first call to its answer when it comes second', () => {
    // Arrange
    const mutations = { 't1#in:tools/call#0': { mutantId: 'm1', value: 'mutated' } };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations },
      'a.test.ts',
      () => 't1',
    );
    const first = reserveSite(state, 'in:tools/call');
    const second = reserveSite(state, 'in:tools/call');
    // Act
    const b = observeSite(state, 'envelope', 'b', {
      label: 'in:tools/call',
      check: {},
      reserved: second,
    });
    const a = observeSite(state, 'envelope', 'a', {
      label: 'in:tools/call',
      check: {},
      reserved: first,
    });
    // Assert
    expect([a, b]).toEqual(['mutated', 'b']);
  });
});

describe('observeSite in mutate mode', () => {
  test('should note a mutant applied at several observations once', () => {
    // Arrange
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations: { fixture: { mutantId: 'm1', value: { id: 'x' } } } },
      'a.test.ts',
      () => 't1',
    );
    // Act
    const first = observeSite(state, 'envelope', { id: 1 }, { key: 'fixture', check: {} });
    const second = observeSite(state, 'envelope', { id: 1 }, { key: 'fixture', check: {} });
    // Assert
    expect([first, second]).toEqual([{ id: 'x' }, { id: 'x' }]);
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
  });

  test('should return a planned undefined value (a dropped envelope)', () => {
    // Arrange
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations: { fixture: { mutantId: 'm1', value: undefined } } },
      'a.test.ts',
      () => 't1',
    );
    // Act
    const returned = observeSite(state, 'envelope', { id: 1 }, { key: 'fixture', check: {} });
    // Assert
    expect(returned).toBeUndefined();
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
  });
});

describe('observeSite in mutate mode, where a key meets another envelope than planned', () => {
  const toolError = { jsonrpc: '2.0', id: 1, result: { content: [], isError: true } };
  const success = { jsonrpc: '2.0', id: 2, result: { content: [] } };
  const mutant = { mutantId: 'm1', value: { jsonrpc: '2.0', id: 1, result: { content: [] } } };

  test('should note a mutant planned on a tool error that first meets a success', () => {
    // Arrange: two calls sent after random delays; the other one's answer took the first key.
    const mutations = { 't1#0': { ...mutant, original: toolError } };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'envelope', success, { check: {} });
    // Assert
    expect(toTapReport(state.tests.get('t1') ?? newScopeLog()).strayed).toEqual([
      { mutantId: 'm1', key: 't1#0', planned: 'a tool error', met: 'a success' },
    ]);
  });

  test('should note nothing where the key meets the same kind, or a later envelope changes', () => {
    // Arrange: the first meeting matches; the mutant's own doing may change what follows.
    const mutations = { fixture: { ...mutant, original: toolError } };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'envelope', { ...toolError, id: 7 }, { key: 'fixture', check: {} });
    observeSite(state, 'envelope', success, { key: 'fixture', check: {} });
    // Assert
    expect(toTapReport(state.tests.get('t1') ?? newScopeLog())).not.toHaveProperty('strayed');
  });

  test('should compare an HTTP exchange by its status and the tool it calls', () => {
    // Arrange
    const exchange = (status: number, name: string) => ({
      request: {
        method: 'POST',
        path: '/mcp',
        headers: {},
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } },
      },
      response: { status, headers: {}, body: { kind: 'empty' } },
    });
    const planned = {
      mutantId: 'm1',
      value: exchange(200, 'write'),
      original: exchange(403, 'write'),
    };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations: { 't1#0': planned } },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'http', exchange(200, 'read'), { check: {} });
    // Assert
    expect(state.tests.get('t1')?.strayed).toEqual([
      {
        mutantId: 'm1',
        key: 't1#0',
        planned: 'an HTTP 403 answer to a call of "write"',
        met: 'an HTTP 200 answer to a call of "read"',
      },
    ]);
  });

  test('should leave out sites whose values a mutant fits whatever they hold, and plans without an original', () => {
    // Arrange
    const mutations = {
      't1#0': { mutantId: 'm1', value: 'retry', original: 'stop' },
      't1#1': { mutantId: 'm2', value: success },
    };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'decision', 'ask', { check: {} });
    observeSite(state, 'envelope', toolError, { check: {} });
    // Assert
    expect(state.tests.get('t1')?.applied).toEqual(['m1', 'm2']);
    expect(state.tests.get('t1')?.strayed).toEqual([]);
  });

  test('should compare nothing where only the plan holds an HTTP exchange', () => {
    // Arrange: what the tap meets at the key is no exchange, so it has no kind to compare.
    const exchange = {
      request: { method: 'GET', path: '/mcp', headers: {} },
      response: { status: 200, headers: {}, body: { kind: 'empty' } },
    };
    const mutations = { 't1#0': { mutantId: 'm1', value: exchange, original: exchange } };
    const state = installTapState(
      { mode: 'mutate', root: '/', mutations },
      'a.test.ts',
      () => 't1',
    );
    // Act
    observeSite(state, 'http', { status: 404 }, { check: {} });
    // Assert
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
    expect(state.tests.get('t1')?.strayed).toEqual([]);
  });

  test('should keep a stray that an earlier attempt of a retried test met', () => {
    // Arrange
    const [earlier, latest] = [newScopeLog(), newScopeLog()];
    const stray = { mutantId: 'm1', key: 'k', planned: 'a success', met: 'a tool error' };
    earlier.strayed.push(stray);
    // Act / Assert
    expect(toTapReport(withEarlierAttempts(latest, earlier)).strayed).toEqual([stray]);
  });
});

describe('toTapReport', () => {
  test('should report the sites and applied mutants of a log, without its ordinals', () => {
    // Arrange
    const log = newScopeLog();
    log.sites.push({ key: 'k', kind: 'decision', value: 'stop', check: {} });
    log.applied.push('m1');
    log.ordinals.set('', 1);
    // Act
    const report = toTapReport(log);
    // Assert
    expect(report).toStrictEqual({
      sites: [{ key: 'k', kind: 'decision', value: 'stop', check: {} }],
      applied: ['m1'],
    });
  });
});

describe('withEarlierAttempts', () => {
  test('should keep the sites only an earlier attempt reached, and every mutant applied', () => {
    // Arrange: the first attempt reached #0 and #1 and applied m1; the retry #0 only, applying m2.
    const earlier = newScopeLog();
    earlier.sites.push({ key: 't1#0', kind: 'envelope', value: { id: 1 }, check: {} });
    earlier.sites.push({ key: 't1#1', kind: 'envelope', value: { id: 2 }, check: {} });
    earlier.applied.push('m1');
    const latest = newScopeLog();
    latest.sites.push({ key: 't1#0', kind: 'envelope', value: { id: 9 }, check: {} });
    latest.applied.push('m2', 'm1');
    // Act
    const attempts = withEarlierAttempts(latest, earlier);
    // Assert: the latest attempt's record of a key stands.
    expect(toTapReport(attempts)).toStrictEqual({
      sites: [
        { key: 't1#0', kind: 'envelope', value: { id: 9 }, check: {} },
        { key: 't1#1', kind: 'envelope', value: { id: 2 }, check: {} },
      ],
      applied: ['m1', 'm2'],
    });
  });

  test('should note a key tapped on another kind in any attempt, as mutants apply in every one', () => {
    // Arrange: the first attempt tapped a success then a tool error under one key; the retry
    // tapped the success alone. A mutant planned on the success lands on the tool error too.
    const success = { key: 'call', kind: 'envelope' as const, value: { result: {} }, check: {} };
    const toolError = { ...success, value: { result: { isError: true } } };
    const earlier = newScopeLog();
    earlier.sites.push(success);
    earlier.otherKinds.push(toolError);
    const latest = newScopeLog();
    latest.sites.push(success);
    // Act
    const attempts = withEarlierAttempts(latest, earlier);
    // Assert
    expect(toTapReport(attempts)).toStrictEqual({
      sites: [success],
      applied: [],
      otherKinds: [toolError],
    });
    expect(toTapReport(withEarlierAttempts(earlier, latest)).otherKinds).toEqual([toolError]);
    // One note per key, the first: the latest attempt's own before the earlier ones'.
    const again = newScopeLog();
    again.sites.push(success);
    again.otherKinds.push({ ...toolError, check: { requestId: 2 } });
    expect(withEarlierAttempts(again, earlier).otherKinds).toEqual([again.otherKinds[0]]);
  });

  test('should note an implicit key whose attempts saw two kinds, and not one they saw alike', () => {
    // Arrange: the first attempt got the item, the retry found it sold out (a tool error); the
    // other key held a success in both.
    const sold = { key: 't1#0', kind: 'envelope' as const, value: { result: {} }, check: {} };
    const soldOut = { ...sold, value: { result: { isError: true } } };
    const other = { ...sold, key: 't1#1', value: { result: { n: 1 } } };
    const earlier = newScopeLog();
    earlier.sites.push(sold, other);
    const latest = newScopeLog();
    latest.sites.push(soldOut, { ...other, value: { result: { n: 2 } } });
    // Act
    const notes = toTapReport(withEarlierAttempts(latest, earlier)).otherKinds;
    // Assert
    expect(notes).toEqual([sold]);
  });

  test('should return the log itself for a first attempt', () => {
    const latest = newScopeLog();
    expect(withEarlierAttempts(latest, undefined)).toBe(latest);
  });
});
