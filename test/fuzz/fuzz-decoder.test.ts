import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { Decoder } from '../../src/fuzz/decoder.js';
import { fuzzDecoder } from '../../src/fuzz/fuzz-decoder.js';
import type { FuzzReport } from '../../src/fuzz/fuzz-report.js';
import { PROPERTY_NAMES } from '../../src/fuzz/property-name.js';
import { brokenDecoder, DEFECTS, type Defect } from './broken-decoder.js';
import { referenceDecoder } from './reference-decoder.js';
import { propertyRuns } from '../support/property-runs.js';

const SEED = 20_261_130;

function failedProperties(report: FuzzReport): string[] {
  return report.properties.filter((property) => property.status === 'failed').map((p) => p.name);
}

describe('fuzzDecoder', () => {
  it('should report no broken property for the reference decoder', async () => {
    // Arrange
    const decoder = referenceDecoder();
    const runs = propertyRuns(1000);

    // Act
    const report = await fuzzDecoder(decoder, { runs, seed: SEED });

    // Assert
    expect(failedProperties(report)).toEqual([]);
    expect(report.properties.map((property) => property.status)).toEqual(
      PROPERTY_NAMES.map(() => 'passed'),
    );
    expect(report.cases).toBe(runs);
  });

  it.each(Object.keys(DEFECTS) as Defect[])(
    'should find the planted %s defect, and only that property broken',
    async (defect) => {
      // Arrange
      const decoder = brokenDecoder([defect]);

      // Act
      const report = await fuzzDecoder(decoder, { runs: 1000, seed: SEED });

      // Assert
      expect(failedProperties(report)).toEqual([defect]);
      const example = report.properties.find((p) => p.name === defect)?.counterexample;
      expect(example?.failures.length).toBeGreaterThan(0);
      expect(example?.seed).toBe(SEED);
      expect(example?.path).toMatch(/^\d+(:\d+)*$/);
    },
  );

  it('should find every planted defect in the decoder that has them all', async () => {
    // Arrange
    const decoder = brokenDecoder();

    // Act
    const report = await fuzzDecoder(decoder, { runs: 1000, seed: SEED });

    // Assert
    expect(failedProperties(report).sort()).toEqual([...PROPERTY_NAMES].sort());
  });

  it('should give the same cases and the same verdict for the same seed', async () => {
    // Arrange
    const decoder = brokenDecoder(['correlation', 'isolation']);

    // Act
    const first = await fuzzDecoder(decoder, { runs: 300, seed: 7 });
    const second = await fuzzDecoder(decoder, { runs: 300, seed: 7 });

    // Assert
    expect(second).toEqual(first);
    expect(first.failed).toBe(true);
  });

  it('should deliver the same envelopes in the same order for the same seed', async () => {
    // Arrange: a decoder that records every envelope it is handed
    const record = (texts: string[]): Decoder => ({
      name: 'recorder',
      sanitizes: false,
      createSession: () => ({
        request: () => undefined,
        receive: (envelope) => void texts.push(envelope.text),
        outcome: () => ({ kind: 'pending' }),
      }),
    });
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];

    // Act
    await fuzzDecoder(record(first), { runs: 100, seed: 11 });
    await fuzzDecoder(record(second), { runs: 100, seed: 11 });
    await fuzzDecoder(record(other), { runs: 100, seed: 12 });

    // Assert
    // two envelopes per case, one more for the control run of each unanswered companion, and two
    // more for each case replayed with its prose reworded (prose-invariance)
    expect(first.length).toBeGreaterThan(300);
    expect(first.length % 2, 'the control runs and the reworded replays').toBe(0);
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('should replay exactly the counterexample from its seed and path', async () => {
    // Arrange
    const decoder = brokenDecoder(['correlation']);
    const found = await fuzzDecoder(decoder, { runs: 1000, seed: SEED });
    const example = found.properties.find((p) => p.name === 'correlation')?.counterexample;
    if (example === undefined) throw new Error('no counterexample to replay');

    // Act
    const replayed = await fuzzDecoder(decoder, { seed: example.seed, path: example.path });

    // Assert
    const again = replayed.properties.find((p) => p.name === 'correlation')?.counterexample;
    expect(again?.case).toEqual(example.case);
    expect(again?.failures).toEqual(example.failures);
  });

  it('should not judge no-leak for a decoder that does not declare sanitizes', async () => {
    // Arrange
    const leaky = brokenDecoder(['no-leak']);
    const decoder: Decoder = { ...leaky, sanitizes: false };

    // Act
    const report = await fuzzDecoder(decoder, { runs: propertyRuns(200), seed: SEED });

    // Assert
    expect(report.properties.find((p) => p.name === 'no-leak')?.status).toBe('skipped');
    expect(report.failed).toBe(false);
  });

  it('should count a decoder that never answers as pending, neither a crash nor an isolation failure', async () => {
    // Arrange
    const silent: Decoder = {
      name: 'silent',
      sanitizes: false,
      createSession: () => ({
        request: () => undefined,
        receive: () => undefined,
        outcome: () => new Promise(() => undefined),
      }),
    };

    // Act
    const report = await fuzzDecoder(silent, { runs: 3, seed: SEED, deadlineMs: 1 });

    // Assert: no liveness property: it ignores its own answers even alone (the control run)
    expect(failedProperties(report)).toEqual([]);
  });

  it.each([
    [{ runs: 0 }, 'fuzzDecoder: runs should be an integer ≥ 1, received 0'],
    [{ runs: 1.5 }, 'fuzzDecoder: runs should be an integer ≥ 1, received 1.5'],
    [{ path: '1:x', seed: 1 }, 'fuzzDecoder: path should be a fast-check path'],
    [{ path: '1:2' }, 'fuzzDecoder: path 1:2 was given without a seed'],
    [{ profile: 'mcp-1999' }, 'fuzzDecoder: profile should be one of'],
  ])('should reject the options %j with a ConfigError', async (options, message) => {
    // Act
    const run = fuzzDecoder(referenceDecoder(), options as never);

    // Assert
    await expect(run).rejects.toSatisfy(isConfigError);
    await expect(run).rejects.toThrow(message);
  });

  it('should reject a value that is not a decoder with a ConfigError', async () => {
    // Act
    const run = fuzzDecoder({ createSession: 'no' } as never);

    // Assert
    await expect(run).rejects.toThrow(
      /^fuzzDecoder: the decoder should be an object with a createSession/,
    );
  });
});
