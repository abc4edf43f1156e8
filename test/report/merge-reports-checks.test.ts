import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { MutantResult, MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport, siteFileName } from '../../src/report/build-json-report.js';
import type { EnvelopeMutationReport } from '../../src/report/envelope-report.js';
import { mergeReports } from '../../src/report/merge-reports.js';
import { makeRun, MUTANTS, must, UNKNOWN_TOOL } from '../support/make-run.js';

const ENV = {};

function shard(index: number, count: number, run: MutationRun = makeRun()) {
  return buildJsonReport(run, { env: ENV, shard: { index, count } });
}

function messageOf(act: () => unknown): string {
  try {
    act();
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('mergeReports did not throw');
}

function named(reports: readonly EnvelopeMutationReport[]): string {
  return messageOf(() =>
    mergeReports(reports, { env: ENV, names: reports.map((_, i) => `r${i + 1}.json`) }),
  );
}

/** The fixtures' mutants, with m01 given another verdict. */
function withM01(verdict: Pick<MutantResult, 'status'> & Partial<MutantResult>): MutationRun {
  return makeRun({
    mutants: MUTANTS.map((mutant) => {
      if (mutant.id !== 'm01') return mutant;
      const { killedAt: _killedAt, ...rest } = mutant;
      return { ...rest, ...verdict };
    }),
  });
}

describe('mergeReports shard checks', () => {
  it('should reject a report that is not a shard among shards, wherever it stands', () => {
    // Arrange
    const plain = buildJsonReport(makeRun(), { env: ENV });
    // Act
    const last = named([shard(1, 2), shard(2, 2), plain]);
    const first = named([plain, shard(1, 2), shard(2, 2)]);
    // Assert
    expect(last).toBe(
      'merge: r3.json is not a shard but the others are shards of 2. Merge the reports of one sharded run.',
    );
    expect(first).toBe(
      'merge: r1.json is not a shard but the others are shards of 2. Merge the reports of one sharded run.',
    );
  });

  it('should reject shards of different counts', () => {
    expect(named([shard(1, 2), shard(2, 3)])).toBe(
      'merge: r2.json is shard 2/3 but the others are shards of 2. Merge the reports of one sharded run.',
    );
  });

  it('should list every missing shard', () => {
    expect(named([shard(1, 4), shard(4, 4)])).toBe(
      'merge: shard 2/4, 3/4 missing. Pass the report of every shard.',
    );
  });

  it('should accept every shard of a run once (negative control)', () => {
    const merged = mergeReports([shard(2, 2), shard(1, 2)], { env: ENV });

    expect(merged.envelopeMutants.shard).toBeUndefined();
  });
});

describe('mergeReports verdicts', () => {
  it('should name the reports "report N" when no names are given', () => {
    // Arrange
    const reports = [
      buildJsonReport(makeRun(), { env: ENV }),
      buildJsonReport(withM01({ status: 'Survived', killedBy: [] }), { env: ENV }),
    ];
    // Act
    const message = messageOf(() => mergeReports(reports, { env: ENV }));
    // Assert
    expect(message).toBe(
      'merge: mutant m01 is Killed at jsonrpc.id in report 1 but Survived in report 2. Shards must not overlap; merge the shards of one run.',
    );
  });

  it('should show a kill without killedAt as Killed and a kill without a rule as (no rule)', () => {
    // Arrange
    const bare = buildJsonReport(withM01({ status: 'Killed' }), { env: ENV });
    const noRule = buildJsonReport(
      withM01({ status: 'Killed', killedAt: { test: 'a91f_0_0', rule: null, named: false } }),
      { env: ENV },
    );
    const survivor = buildJsonReport(withM01({ status: 'Survived', killedBy: [] }), { env: ENV });
    // Act
    const messages = [named([bare, survivor]), named([noRule, survivor])];
    // Assert
    expect(messages.map((message) => message.split('. ')[0])).toEqual([
      'merge: mutant m01 is Killed in r1.json but Survived in r2.json',
      'merge: mutant m01 is Killed at (no rule) in r1.json but Survived in r2.json',
    ]);
  });

  it('should mark the merge incomplete when one shard was interrupted', () => {
    const merged = mergeReports([shard(1, 2), shard(2, 2, makeRun({ complete: false }))], {
      env: ENV,
    });

    expect(merged.envelopeMutants.complete).toBe(false);
  });

  it('should keep the first shard version of a site', () => {
    // Arrange
    const changed = { ...UNKNOWN_TOOL, value: { jsonrpc: '2.0', id: 41, result: {} } };
    const second = shard(2, 2, makeRun({ sites: [changed], mutants: [] }));
    // Act
    const merged = mergeReports([shard(1, 2, makeRun({ mutants: [] })), second], { env: ENV });
    // Assert
    expect(must(merged.files[siteFileName(UNKNOWN_TOOL)]).source).toBe(
      JSON.stringify(UNKNOWN_TOOL.value, null, 2),
    );
  });

  it('should redact the secrets of the environment it is given', () => {
    // Arrange
    const secret = 'Unknown tool: delete_everything';
    const report = buildJsonReport(makeRun(), { env: ENV });
    // Act
    const merged = mergeReports([report], { env: { PLANTED_TOKEN: secret } });
    // Assert
    const source = must(merged.files[siteFileName(UNKNOWN_TOOL)]).source;
    expect(source).toContain('"message": "[redacted $PLANTED_TOKEN]"');
    expect(source).not.toContain(secret);
  });
});
