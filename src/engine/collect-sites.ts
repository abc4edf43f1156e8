import type { Site, TestInfo } from '../mutant/mutation-run.js';
import type { SiteRecord } from '../taps/tap-protocol.js';
import type { RoundOutcome } from './round-outcome.js';

interface SiteDraft {
  readonly record: SiteRecord;
  readonly file: string;
  readonly testIds: Set<string>;
  fileLevel: boolean;
}

/**
 * Turns what the taps recorded in the discovery run into sites. A site seen in a test is covered
 * by that test; a site seen outside any test covers every test of its file (docs/design.md "Data
 * flow", step 1). The same explicit key seen in several places is one site covered by all.
 */
export function collectSites(outcome: RoundOutcome): Site[] {
  const drafts = new Map<string, SiteDraft>();
  const note = (
    record: SiteRecord,
    file: string,
    testIds: readonly string[],
    fileLevel: boolean,
  ) => {
    let draft = drafts.get(record.key);
    if (draft === undefined) {
      draft = { record, file, testIds: new Set(), fileLevel };
      drafts.set(record.key, draft);
    }
    draft.fileLevel ||= fileLevel;
    for (const id of testIds) draft.testIds.add(id);
  };
  for (const test of outcome.tests.values()) {
    for (const record of test.report?.sites ?? []) note(record, test.file, [test.id], false);
  }
  for (const file of outcome.files.values()) {
    const ran = file.testIds.filter((id) => outcome.tests.get(id)?.state === 'passed');
    for (const record of file.report?.sites ?? []) note(record, file.file, ran, true);
  }
  return [...drafts.values()].map(toSite);
}

function toSite(draft: SiteDraft): Site {
  return {
    key: draft.record.key,
    kind: draft.record.kind,
    file: draft.file,
    testIds: [...draft.testIds],
    fileLevel: draft.fileLevel,
    value: draft.record.value,
    check: draft.record.check,
  };
}

/** The tests of the discovery run that passed: the only ones a mutant can be judged by. */
export function collectTests(outcome: RoundOutcome): TestInfo[] {
  return [...outcome.tests.values()]
    .filter((test) => test.state === 'passed')
    .map((test) => ({
      id: test.id,
      name: test.name,
      file: test.file,
      durationMs: test.durationMs,
    }));
}
