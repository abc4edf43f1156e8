import { describe, expect, it } from 'vitest';
import {
  FUZZ_FIXTURE_FORMAT,
  type FuzzFixture,
  fuzzFixtureFileName,
  replayCommand,
  toFuzzFixture,
} from '../../src/fuzz/fuzz-fixture.js';
import { EXAMPLE, reportWith } from './fuzz-report-example.js';

describe('toFuzzFixture', () => {
  it('should hold the whole counterexample, each envelope with its role, request and violations', () => {
    // Act
    const fixture = toFuzzFixture(reportWith(EXAMPLE), EXAMPLE, './d.js#x');

    // Assert
    expect(fixture).toStrictEqual({
      format: 'envelope-mutants/fuzz-fixture@1',
      name: 'my decoder/v2 breaks correlation: request 1 settled as success by a response carrying id "1"',
      decoder: 'my decoder/v2',
      property: 'correlation',
      profile: 'mcp-2025-11-25',
      replay: {
        seed: 42,
        path: '3:0:1',
        command:
          'envelope-mutants fuzz --decoder ./d.js#x --profile mcp-2025-11-25 --seed 42 --path 3:0:1',
      },
      requests: EXAMPLE.case.requests,
      envelopes: [
        {
          text: '{"jsonrpc":"2.0","id":"1","result":{}}',
          value: { id: '1' },
          intendedFor: 1,
          role: 'generated',
          violations: EXAMPLE.violations[0],
        },
        {
          text: '{"jsonrpc":"2.0","id":"b","result":{}}',
          value: { id: 'b' },
          intendedFor: 'b',
          role: 'companion',
          violations: [],
        },
      ],
      breaks: ['jsonrpc.members'],
      canaries: ['CANARY-plantedAAAA1'],
      outcomes: EXAMPLE.observation.steps,
      failures: EXAMPLE.failures,
    });
  });

  it('should keep the crash, name the fixture after the property when there is no failure message, and default missing violations to []', () => {
    // Arrange
    const crash = { hook: 'receive', delivery: 0, message: 'threw TypeError: x' } as const;
    const example = {
      ...EXAMPLE,
      property: 'session-survives' as const,
      observation: { steps: [], crash },
      failures: [],
      violations: [],
    };

    // Act
    const fixture = toFuzzFixture(reportWith(example), example, 'mcp-sdk');

    // Assert
    expect(fixture.format).toBe(FUZZ_FIXTURE_FORMAT);
    expect(fixture.name).toBe('my decoder/v2 breaks session-survives: session-survives');
    expect(fixture.crash).toEqual(crash);
    expect(fixture.envelopes.map((envelope) => envelope.violations)).toEqual([[], []]);
  });
});

describe('replayCommand', () => {
  it('should give the decoder flag, profile, seed and path', () => {
    expect(replayCommand('mcp-sdk', 'jsonrpc-2.0', { ...EXAMPLE, seed: -7, path: '0' })).toBe(
      'envelope-mutants fuzz --decoder mcp-sdk --profile jsonrpc-2.0 --seed -7 --path 0',
    );
  });
});

describe('fuzzFixtureFileName', () => {
  const fixtureOf = (decoder: string, path: string): FuzzFixture => ({
    ...toFuzzFixture(reportWith(EXAMPLE), EXAMPLE, 'mcp-sdk'),
    decoder,
    replay: { seed: 42, path, command: '' },
  });

  it.each([
    ['a plain name', 'mcp-sdk', 'mcp-sdk'],
    ['a name with spaces and slashes', 'my decoder/v2', 'my-decoder-v2'],
    ['a name with leading and trailing punctuation', '(broken: all)', 'broken-all'],
    ['dots and underscores', 'a.b_c', 'a.b_c'],
    ['a name wrapped in hyphens', '--x--', 'x'],
    ['a name of 60 characters', 'n'.repeat(60), 'n'.repeat(60)],
  ])('should slug %s', (_label, decoder, slug) => {
    expect(fuzzFixtureFileName(fixtureOf(decoder, '3:0:1'))).toBe(
      `${slug}.correlation.seed-42.path-3_0_1.json`,
    );
  });

  it('should shorten a name past 60 characters to its start and a hash', () => {
    // A 300-character name made a file name the file system refused (ENAMETOOLONG).
    const name = fuzzFixtureFileName(fixtureOf('n'.repeat(300), '3:0:1'));
    expect(name).toMatch(/^n{48}-h[0-9a-f]{8}\.correlation\.seed-42\.path-3_0_1\.json$/);
    expect(fuzzFixtureFileName(fixtureOf(`${'n'.repeat(299)}m`, '3:0:1'))).not.toBe(name);
  });

  it('should keep a path of 40 characters and hash a longer one with FNV-1a', () => {
    // Arrange
    const forty = '1:'.repeat(19) + '12';
    const fortyOne = `${forty}3`;

    // Act / Assert
    expect(forty).toHaveLength(40);
    expect(fuzzFixtureFileName(fixtureOf('d', forty))).toBe(
      `d.correlation.seed-42.path-${forty.replaceAll(':', '_')}.json`,
    );
    expect(fuzzFixtureFileName(fixtureOf('d', fortyOne))).toMatch(
      /^d\.correlation\.seed-42\.path-h[0-9a-f]{8}\.json$/,
    );
  });

  it.each([
    ['0:'.repeat(20) + '1', 'h0efa057c'],
    ['0:'.repeat(20) + '0', 'h0ffa070f'],
  ])('should name the long path %s by its FNV-1a hash, zero-padded to 8 digits', (path, hash) => {
    expect(fuzzFixtureFileName(fixtureOf('d', path))).toBe(
      `d.correlation.seed-42.path-${hash}.json`,
    );
  });
});
