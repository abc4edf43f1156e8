// Reordered members and reformatted JSON text on a fixture: a run hands the suite the mutated
// member order (through the plan's JSON text and the tap's copy) and the client the mutated body
// text; a test comparing serialized text, `Object.keys` or a body's text is Brittle, and its
// tolerant twin, which compares members or parsed values, stays green. The same for the id a raw
// client allocates: a test that pins it is Brittle, one that compares it with the request's is
// not. One run serves every assertion.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { fixtureCopy, type TempCopy } from '../../support/temp-copy.js';

interface HarmlessMutant {
  readonly mutatorName: string;
  readonly replacement: string;
  readonly killedBy?: readonly string[];
  readonly coveredBy?: readonly string[];
  readonly harmless?: { readonly status: string };
}

interface Report {
  readonly files: Record<string, { readonly mutants: readonly HarmlessMutant[] }>;
  readonly testFiles: Record<string, { readonly tests: readonly { id: string; name: string }[] }>;
  readonly envelopeMutants: {
    readonly brittleness?: {
      readonly brittle: number;
      readonly harmless: number;
      readonly tests: readonly {
        readonly name: string;
        readonly hint: string;
        readonly failures: readonly {
          readonly mutatorName: string;
          readonly replacement: string;
        }[];
      }[];
    };
  };
}

let copy: TempCopy;
let exitCode: number;
let report: Report;

beforeAll(async () => {
  copy = fixtureCopy('harmless-order');
  const root = copy.root;
  // vmForks: brittleness is under test, not the pools (test/e2e/runner compares the pools).
  ({ exitCode } = await runCli(
    ['run', '--root', root, '--reporters', 'json', '--pool', 'vmForks'],
    {
      cwd: copy.dir,
    },
  ));
  report = JSON.parse(
    readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8'),
  ) as Report;
}, 300_000);
afterAll(() => copy.remove());

describe('harmless changes to serialized text on a fixture', () => {
  it('should make a reordered-members mutant Brittle where a test compares text or key order', () => {
    const tests = report.envelopeMutants.brittleness?.tests ?? [];
    const byName = new Map(tests.map((test) => [test.name, test]));

    expect([...byName.keys()].sort()).toEqual([
      'should answer the ids it pinned',
      'should answer with the exact body text',
      'should list the members in order',
      'should send the exact text',
    ]);
    const keys = byName.get('should list the members in order');
    expect(keys?.failures.map((failure) => [failure.mutatorName, failure.replacement])).toEqual([
      ['reorder-members', 'envelope members reversed'],
    ]);
    expect(keys?.hint).toMatch(/^compare members, not serialized text or key order/);
    const text = byName.get('should send the exact text');
    expect(text?.failures.map((failure) => failure.replacement)).toEqual(
      expect.arrayContaining(['envelope members reversed', 'error members reversed']),
    );
  });

  it('should keep the suite that compares members green on every reordered mutant', () => {
    const mutants = Object.entries(report.files)
      .filter(([file]) => /^(members|serialized)\.spec\.ts\//.test(file))
      .flatMap(([, file]) => file.mutants);
    const reordered = mutants.filter((mutant) => mutant.mutatorName === 'reorder-members');
    const tolerant = new Set(
      Object.entries(report.testFiles)
        .filter(([file]) => file.endsWith('members.spec.ts'))
        .flatMap(([, file]) => file.tests.map((test) => test.id)),
    );

    // Two sites per file: the error response yields its envelope and its error reversed, the
    // success its envelope (a result of one member has no other order).
    expect(reordered).toHaveLength(6);
    const onTolerant = reordered.filter((mutant) =>
      (mutant.coveredBy ?? []).some((id) => tolerant.has(id)),
    );
    expect(onTolerant.map((mutant) => mutant.harmless?.status)).toEqual([
      'Survived',
      'Survived',
      'Survived',
    ]);
    expect(exitCode).toBe(1);
  });

  it('should make a reformatted body Brittle where a test compares its text, not where it parses it', () => {
    const tests = report.envelopeMutants.brittleness?.tests ?? [];
    const text = tests.find((test) => test.name === 'should answer with the exact body text');
    const mutants = Object.entries(report.files)
      .filter(([file]) => file.startsWith('http.spec.ts/'))
      .flatMap(([file, { mutants }]) => mutants.map((mutant) => [file, mutant] as const));

    expect(text?.failures.map((failure) => failure.replacement).sort()).toEqual([
      'body padded with whitespace',
      'body pretty-printed',
    ]);
    expect(text?.hint).toMatch(/^parse the body and compare values, not its text/);
    expect(mutants.every(([, mutant]) => mutant.mutatorName === 'reformat-json-text')).toBe(true);
    // The second test's site: parsed, the body is the same message, so the suite stays green.
    const parsed = mutants.filter(([file]) => file.includes('_1#http:'));
    expect(parsed.map(([, mutant]) => mutant.harmless?.status)).toEqual(['Survived', 'Survived']);
  });

  it('should make another request id Brittle where a test pins the id, not where it checks the echo', () => {
    const tests = report.envelopeMutants.brittleness?.tests ?? [];
    const pinned = tests.find((test) => test.name === 'should answer the ids it pinned');
    const renumbered = Object.entries(report.files)
      .filter(([file]) => file.startsWith('raw.spec.ts/'))
      .flatMap(([, { mutants }]) => mutants)
      .filter((mutant) => mutant.mutatorName === 'renumber-request-id');
    const echoTest = report.testFiles['raw.spec.ts']?.tests.find(
      (test) => test.name === 'should answer each request with its own id',
    );

    // The handshake's id and the ping's, each allocated anew: both pinned, both Brittle.
    expect(pinned?.failures.map((failure) => failure.mutatorName)).toEqual([
      'renumber-request-id',
      'renumber-request-id',
    ]);
    expect(pinned?.failures.map((failure) => failure.replacement.replace(/\d+$/, 'N'))).toEqual([
      'request id 1 → N',
      'request id 2 → N',
    ]);
    expect(pinned?.hint).toMatch(/^assert the id echoes the request's, not a number/);
    const onEcho = renumbered.filter((mutant) => mutant.coveredBy?.includes(echoTest?.id ?? ''));
    expect(onEcho.map((mutant) => mutant.harmless?.status)).toEqual(['Survived', 'Survived']);
    expect(renumbered).toHaveLength(4);
  });
});
