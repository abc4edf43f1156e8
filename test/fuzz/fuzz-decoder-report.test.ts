import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { Decoder } from '../../src/fuzz/decoder.js';
import type { FuzzCase } from '../../src/fuzz/fuzz-case.js';
import { fuzzDecoder } from '../../src/fuzz/fuzz-decoder.js';
import type { FuzzReport } from '../../src/fuzz/fuzz-report.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { brokenDecoder } from './broken-decoder.js';
import { referenceDecoder } from './reference-decoder.js';

const CONTENT = { content: [{ type: 'text', text: 'done' }] };
const FLIPPED = { jsonrpc: '2.0', id: '1', result: CONTENT };
const COMPANION = { jsonrpc: '2.0', id: 'b', result: CONTENT };

/** Request 1 answered by a response carrying "1", then request "b" by its own answer. */
const CASE: FuzzCase = {
  requests: [
    { id: 1, method: 'tools/call' },
    { id: 'b', method: 'tools/call' },
  ],
  deliveries: [
    {
      envelope: { text: JSON.stringify(FLIPPED), value: FLIPPED },
      intendedFor: 1,
      role: 'generated',
    },
    {
      envelope: { text: JSON.stringify(COMPANION), value: COMPANION },
      intendedFor: 'b',
      role: 'companion',
    },
  ],
  breaks: ['jsonrpc.id'],
  canaries: [],
};

const cases = fc.constant(CASE);

const failed = (report: FuzzReport): string[] =>
  report.properties.filter((property) => property.status === 'failed').map((p) => p.name);

describe('fuzzDecoder report', () => {
  it('should report the given case as the counterexample of the property it breaks', async () => {
    // Act
    const report = await fuzzDecoder(brokenDecoder(['correlation']), { cases, runs: 4, seed: 5 });

    // Assert: one failing run, then a second search of 4 runs for the four other properties
    expect(report).toMatchObject({
      decoder: 'broken(correlation)',
      profile: 'mcp-2025-11-25',
      seed: 5,
      runs: 4,
      cases: 5,
      failed: true,
    });
    expect(report).not.toHaveProperty('path');
    expect(report.properties.map((property) => [property.name, property.status])).toEqual([
      ['session-survives', 'passed'],
      ['no-false-success', 'passed'],
      ['correlation', 'failed'],
      ['isolation', 'passed'],
      ['no-leak', 'passed'],
      ['prose-invariance', 'passed'],
    ]);
    const example = report.properties[2]?.counterexample;
    expect(example).toMatchObject({ property: 'correlation', seed: 5, path: '0', case: CASE });
    expect(example?.failures).toEqual([
      {
        property: 'correlation',
        request: 1,
        delivery: 0,
        message: 'request 1 settled as success by a response carrying id "1"',
      },
    ]);
    expect(example?.observation.steps).toHaveLength(3);
    expect(example?.violations.map((list) => list.map((violation) => violation.rule))).toEqual([
      ['jsonrpc.id'],
      [],
    ]);
  });

  it('should count every run of a clean search and report every property passed', async () => {
    // Act
    const report = await fuzzDecoder(referenceDecoder(), { cases, runs: 3, seed: 5 });

    // Assert
    expect(report.cases).toBe(3);
    expect(report.failed).toBe(false);
    expect(report.properties.every((property) => property.counterexample === undefined)).toBe(true);
  });

  it('should skip no-leak, with the reason, for a decoder that does not sanitize', async () => {
    // Act
    const report = await fuzzDecoder(
      { ...referenceDecoder(), sanitizes: false },
      { cases, runs: 1, seed: 5 },
    );

    // Assert
    expect(report.properties.find((property) => property.name === 'no-leak')).toStrictEqual({
      name: 'no-leak',
      status: 'skipped',
      reason: 'the decoder does not declare sanitizes: true',
    });
  });

  it('should give no violations for an envelope meant for a request not in flight', async () => {
    // Arrange
    const stray: FuzzCase = {
      ...CASE,
      deliveries: [{ ...CASE.deliveries[0], intendedFor: 99 } as FuzzCase['deliveries'][number]],
    };

    // Act
    const report = await fuzzDecoder(brokenDecoder(['correlation']), {
      cases: fc.constant(stray),
      runs: 1,
      seed: 5,
    });

    // Assert
    const example = report.properties.find((p) => p.name === 'correlation')?.counterexample;
    expect(example?.violations).toEqual([[]]);
  });

  it('should stop after the one replayed case of a path that fails, and report the path', async () => {
    // Act
    const report = await fuzzDecoder(brokenDecoder(['correlation']), { cases, seed: 5, path: '0' });

    // Assert: no second search for the properties still unbroken
    expect(report).toMatchObject({ path: '0', cases: 1, failed: true });
    expect(report.properties.find((p) => p.name === 'correlation')?.counterexample?.path).toBe('0');
  });

  it('should judge with a given taxonomy, which overrides the profile option', async () => {
    // Act
    const report = await fuzzDecoder(referenceDecoder(), {
      cases,
      runs: 1,
      seed: 5,
      profile: 'mcp-2025-06-18',
      taxonomy: resolveTaxonomy({ profile: 'mcp-2026-07-28' }),
    });

    // Assert: the results carry no resultType, which only 2026-07-28 requires
    expect(report.profile).toBe('mcp-2026-07-28');
    expect(failed(report)).toEqual(['no-false-success']);
  });

  it.each([
    ['mcp-2025-06-18', []],
    ['mcp-2026-07-28', ['no-false-success']],
  ] as const)('should judge with the profile option %s', async (profile, broken) => {
    // Act
    const report = await fuzzDecoder(referenceDecoder(), { cases, runs: 1, seed: 5, profile });

    // Assert
    expect(report.profile).toBe(profile);
    expect(failed(report)).toEqual(broken);
  });

  it('should reject a decoder that breaks a property only once, as not deterministic', async () => {
    // Arrange: the first session matches ids loosely, every later one strictly
    let sessions = 0;
    const loose = brokenDecoder(['correlation']);
    const strict = referenceDecoder();
    const flaky: Decoder = {
      name: 'flaky',
      sanitizes: true,
      createSession: () => (sessions++ === 0 ? loose : strict).createSession(),
    };

    // Act
    const run = fuzzDecoder(flaky, { cases, runs: 2, seed: 5 });

    // Assert
    await expect(run).rejects.toSatisfy(isConfigError);
    await expect(run).rejects.toThrow(
      'fuzzDecoder: decoder "flaky" broke a property on a case but not when the case was replayed (seed 5, path 0). Make the decoder deterministic: no state shared between sessions, no clock.',
    );
  });
  it('should stop searching once every judged property is broken', async () => {
    // Arrange: one case that breaks all four properties judged without sanitizes
    const invalid = { jsonrpc: '2.0', id: 1, result: {} };
    const allBroken: FuzzCase = {
      requests: [
        { id: 1, method: 'tools/call' },
        { id: 'b', method: 'tools/call' },
        { id: 'c', method: 'tools/call' },
      ],
      deliveries: [
        {
          envelope: { text: JSON.stringify(invalid), value: invalid },
          intendedFor: 1,
          role: 'generated',
        },
      ],
      breaks: ['mcp.content'],
      canaries: [],
    };
    const careless: Decoder = {
      name: 'careless',
      sanitizes: false,
      createSession: () => {
        let received = false;
        return {
          request: () => undefined,
          receive: () => void (received = true),
          outcome: (id) => (id === 'c' || received ? { kind: 'success' } : { kind: 'pending' }),
          close: () => {
            throw new Error('closed twice');
          },
        };
      },
    };

    // Act
    const report = await fuzzDecoder(careless, { cases: fc.constant(allBroken), runs: 3, seed: 5 });

    // Assert
    expect(failed(report)).toEqual([
      'session-survives',
      'no-false-success',
      'correlation',
      'isolation',
    ]);
    // prose-invariance stays unbroken (the case carries no prose): only it is searched on, for
    // the three runs, and no other property is examined again
    expect(report.cases).toBe(1 + 3);
  });

  it('should hand the path to fast-check, so that a replay runs only that case', async () => {
    // Arrange: only one value in ten gives the broken case
    const exact = { ...FLIPPED, id: 1 };
    const clean: FuzzCase = {
      ...CASE,
      deliveries: [
        {
          envelope: { text: JSON.stringify(exact), value: exact },
          intendedFor: 1,
          role: 'generated',
        },
      ],
    };
    const sometimes = fc.integer({ min: 0, max: 9 }).map((n) => (n === 7 ? CASE : clean));
    const decoder = brokenDecoder(['correlation']);
    const found = await fuzzDecoder(decoder, { cases: sometimes, runs: 200, seed: 5 });
    const example = found.properties.find((p) => p.name === 'correlation')?.counterexample;
    if (example === undefined) throw new Error('no counterexample to replay');

    // Act
    const replayed = await fuzzDecoder(decoder, { cases: sometimes, seed: 5, path: example.path });

    // Assert
    expect(example.path).not.toBe('0');
    expect(replayed.cases).toBe(1);
    expect(replayed.properties.find((p) => p.name === 'correlation')?.counterexample?.case).toEqual(
      CASE,
    );
  });

  it('should keep the first counterexample of a property, and give each only its own failures', async () => {
    // Arrange: case 0 breaks correlation; case 1 breaks correlation and session-survives
    const boom = { jsonrpc: '2.0', id: 'b', result: { content: [{ type: 'text', text: 'boom' }] } };
    const withBoom: FuzzCase = {
      ...CASE,
      deliveries: [
        CASE.deliveries[0],
        {
          envelope: { text: JSON.stringify(boom), value: boom },
          intendedFor: 'b',
          role: 'companion',
        },
      ] as FuzzCase['deliveries'],
    };
    const loose: Decoder = {
      name: 'loose',
      sanitizes: false,
      createSession: () => {
        const settled = new Set<unknown>();
        let texts = '';
        return {
          request: () => undefined,
          receive: (envelope) => {
            texts += envelope.text;
            settled.add(String((envelope.value as { id?: unknown }).id));
          },
          outcome: (id) => (settled.has(String(id)) ? { kind: 'success' } : { kind: 'pending' }),
          close: () => {
            if (texts.includes('boom')) throw new Error('boom');
          },
        };
      },
    };
    const twoCases = fc.integer({ min: 0, max: 1 }).map((n) => (n === 0 ? CASE : withBoom));

    // Act
    const report = await fuzzDecoder(loose, { cases: twoCases, runs: 50, seed: 5 });

    // Assert
    const byName = Object.fromEntries(report.properties.map((p) => [p.name, p.counterexample]));
    expect(failed(report)).toEqual(['session-survives', 'correlation']);
    expect(byName['correlation']?.case).toEqual(CASE);
    expect(byName['session-survives']?.case).toEqual(withBoom);
    expect(byName['session-survives']?.failures.map((failure) => failure.property)).toEqual([
      'session-survives',
    ]);
  });

  it('should draw the default cases from the profile: no tools under JSON-RPC 2.0 alone', async () => {
    // Arrange: a decoder that records the method of every request
    const methods = new Set<string>();
    const recorder: Decoder = {
      name: 'recorder',
      sanitizes: false,
      createSession: () => ({
        request: (_id, method) => void methods.add(method),
        receive: () => undefined,
        outcome: () => ({ kind: 'pending' }),
      }),
    };

    // Act
    await fuzzDecoder(recorder, { runs: 30, seed: 5, profile: 'jsonrpc-2.0' });

    // Assert
    expect(methods.size).toBeGreaterThan(0);
    expect([...methods].filter((method) => method.includes('/'))).toEqual([]);
  });
});
