import { ConfigError } from '../errors.js';
import type { EnvelopeMutationReport } from '../report/envelope-report.js';
import { mergeReports, type MergeReportsOptions } from '../report/merge-reports.js';
import { joinCodeMutants, type MergedReport } from './merge-stryker-report.js';
import { splitMergedReport, type StrykerPart } from './split-merged-report.js';

/** What `merge` writes and gates. */
export interface MergedShards {
  /** The sites of every shard joined: what an unsharded run would have written. */
  readonly envelope: EnvelopeMutationReport;
  /** With the StrykerJS part put back, when the shards were written by `run --with-stryker`. */
  readonly merged?: MergedReport;
}

/**
 * `mergeReports` for reports that may carry a StrykerJS part: the sites are joined shard by
 * shard, and the StrykerJS part (not sharded: every job joins the same StrykerJS report) is put
 * back once, both scores recomputed. Shards carrying different StrykerJS parts are a ConfigError.
 *
 * @internal
 */
export function mergeReportsWithStryker(
  reports: readonly EnvelopeMutationReport[],
  options: MergeReportsOptions = {},
): MergedShards {
  const split = reports.map(splitMergedReport);
  const envelope = mergeReports(
    split.map((part) => part.report),
    options,
  );
  const stryker = onePart(
    split.map((part) => part.stryker),
    options.names ?? [],
  );
  return stryker === undefined
    ? { envelope }
    : { envelope, merged: joinCodeMutants(envelope, stryker.result, stryker.code) };
}

function onePart(
  parts: readonly (StrykerPart | undefined)[],
  names: readonly string[],
): StrykerPart | undefined {
  const index = parts.findIndex((part) => part !== undefined);
  const first = parts[index];
  if (first === undefined) return undefined;
  const key = JSON.stringify(first.result.files);
  parts.forEach((part, i) => {
    if (part !== undefined && JSON.stringify(part.result.files) !== key) {
      throw new ConfigError(
        `merge: ${names[i] ?? `report ${i + 1}`} and ${names[index] ?? `report ${index + 1}`} ` +
          'carry different StrykerJS results. Join the same StrykerJS report into every shard.',
      );
    }
  });
  return first;
}
