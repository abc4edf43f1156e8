import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { mergeReportsWithStryker } from '../../src/stryker/merge-reports-with-stryker.js';
import { adapterReport, envelopeReportJson, mergedReportJson } from '../support/adapter-report.js';

const CODE_FILE = 'src/classify-failure.ts';

/** The merged report of a StrykerJS run whose first mutant survived instead. */
function otherStrykerRun(): ReturnType<typeof mergedReportJson> {
  const stryker = adapterReport();
  const file = stryker.files[CODE_FILE];
  const first = file?.mutants[0];
  if (file === undefined || first === undefined) throw new Error('fixture changed');
  const { killedBy: _, statusReason: __, ...rest } = first;
  file.mutants[0] = { ...rest, status: 'Survived' };
  return mergedReportJson(stryker);
}

function messageOf(act: () => unknown): string {
  try {
    act();
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  return 'no error';
}

const ADVICE =
  'carry different StrykerJS results. Join the same StrykerJS report into every shard.';

describe('mergeReportsWithStryker', () => {
  it('should name the shards with different StrykerJS results by their names', () => {
    // Arrange
    const reports = [mergedReportJson(), otherStrykerRun()];
    // Act
    const message = messageOf(() =>
      mergeReportsWithStryker(reports, { names: ['one.json', 'other.json'] }),
    );
    // Assert
    expect(message).toBe(`merge: other.json and one.json ${ADVICE}`);
  });

  it('should number the shards with different StrykerJS results without names', () => {
    // Act
    const message = messageOf(() =>
      mergeReportsWithStryker([mergedReportJson(), otherStrykerRun()]),
    );
    // Assert
    expect(message).toBe(`merge: report 2 and report 1 ${ADVICE}`);
  });

  it('should compare with the first shard that carries a StrykerJS part', () => {
    // Arrange: report 1 has no StrykerJS part, so report 2's is the one to match.
    const reports = [envelopeReportJson(), mergedReportJson(), otherStrykerRun()];
    // Act
    const message = messageOf(() => mergeReportsWithStryker(reports));
    // Assert
    expect(message).toBe(`merge: report 3 and report 2 ${ADVICE}`);
  });

  it('should accept shards that carry the same StrykerJS results (control)', () => {
    // Act
    const shards = mergeReportsWithStryker([mergedReportJson(), mergedReportJson()]);
    // Assert
    expect(shards.merged?.envelopeMutants.stryker.framework).toBe('StrykerJS 9.6.1');
  });

  it.each([
    ['after', () => [envelopeReportJson(), mergedReportJson()]],
    ['before', () => [mergedReportJson(), envelopeReportJson()]],
  ])('should put back the StrykerJS part of a shard %s one without it', (_, reports) => {
    // Arrange
    const expected = mergeReportsWithStryker([mergedReportJson()]);
    // Act
    const shards = mergeReportsWithStryker(reports());
    // Assert
    expect(shards.merged?.files).toStrictEqual(expected.merged?.files);
    expect(shards.merged?.envelopeMutants.stryker).toStrictEqual(
      expected.merged?.envelopeMutants.stryker,
    );
  });

  it('should write no merged report when no shard carries a StrykerJS part', () => {
    // Act
    const shards = mergeReportsWithStryker([envelopeReportJson(), envelopeReportJson()]);
    // Assert
    expect(shards).not.toHaveProperty('merged');
    expect(shards.envelope.envelopeMutants.mutationScore).toBe(75);
  });
});
