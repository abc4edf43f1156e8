import { describe, expect, it } from 'vitest';
import { brittlenessOf, brittleHint, isHarmlessMutant } from '../../src/report/brittleness.js';
import { buildConsoleSummary } from '../../src/report/console-summary.js';
import { scoresOf } from '../../src/report/scores.js';
import { makeRun } from '../support/make-run.js';
import { BRITTLE_EQUAL, BRITTLE_SNAPSHOT, makeHarmlessRun } from './harmless-fixtures.js';

describe('brittlenessOf', () => {
  it('should count a harmless mutant the run judged Killed as brittle, at the test that failed', () => {
    const figure = brittlenessOf(makeHarmlessRun());

    expect(figure).toMatchObject({ harmless: 4, brittle: 2, inconclusive: 0, percent: 50 });
    expect(figure.tests.map((test) => [test.name, test.failures.map((f) => f.mutantId)])).toEqual([
      ['tools/call > should reject an unknown tool with -32602', ['h02']],
      ['tools/call > should report a failing tool with isError', ['h01']],
    ]);
    expect(figure.tests[1]?.failures[0]?.assertion).toContain('Snapshot');
  });

  it('should give no figure to a run without harmless mutants', () => {
    const figure = brittlenessOf(makeRun());

    expect(figure).toEqual({ harmless: 0, brittle: 0, inconclusive: 0, percent: null, tests: [] });
  });

  it('should leave harmless mutants out of both scores', () => {
    const without = scoresOf(makeRun());
    const withHarmless = scoresOf(makeHarmlessRun());

    expect(withHarmless).toEqual(without);
    expect(isHarmlessMutant(BRITTLE_SNAPSHOT)).toBe(true);
    expect(isHarmlessMutant({ mutatorName: 'change-id' })).toBe(false);
  });
});

describe('brittleHint', () => {
  it('should name a snapshot that fails on a reworded message', () => {
    const snapshot = {
      mutatorName: 'reword-message',
      assertion: BRITTLE_SNAPSHOT.statusReason ?? '',
    };

    expect(brittleHint([snapshot])).toBe(
      'this snapshot fails on a reworded message: assert the code and the layer, not the whole message',
    );
  });

  it('should ask for the code and the layer when an assertion pins the wording', () => {
    const pinned = { mutatorName: 'reword-message', assertion: "expected 'a.' to be 'a'" };

    expect(brittleHint([pinned])).toMatch(/^assert the code and the layer, not the whole message/);
  });

  it('should ask for the needed members when a whole-object comparison fails on an extension', () => {
    const equal = {
      mutatorName: 'add-extension-member',
      assertion: BRITTLE_EQUAL.statusReason ?? '',
    };

    expect(brittleHint([equal])).toMatch(/^assert the members you need, not whole objects/);
  });

  it('should ask for members, not text, when a test fails on reordered members', () => {
    const keys = {
      mutatorName: 'reorder-members',
      assertion:
        "expected [ 'result', 'id', 'jsonrpc' ] to deeply equal [ 'jsonrpc', 'id', 'result' ]",
    };
    const snapshot = { mutatorName: 'reorder-members', assertion: 'Snapshot `x 1` mismatched' };

    expect(brittleHint([keys])).toMatch(/^compare members, not serialized text or key order/);
    expect(brittleHint([snapshot])).toBe(
      'this snapshot fails on reordered members: compare members, not serialized text or key order',
    );
  });

  it('should ask to parse the body when a test compares the text of a reformatted body', () => {
    const text = {
      mutatorName: 'reformat-json-text',
      assertion: "expected '{\\n  \"jsonrpc…' to be '{\"jsonrpc…'",
    };

    expect(brittleHint([text])).toMatch(/^parse the body and compare values, not its text/);
  });

  it('should ask for the echoed id when a test pins the id its client chose', () => {
    // Arrange
    const pinned = { mutatorName: 'renumber-request-id', assertion: 'expected 1048577 to be 2' };
    const snapshot = { mutatorName: 'renumber-request-id', assertion: 'Snapshot `x 1` mismatched' };

    // Act
    const hints = [brittleHint([pinned]), brittleHint([snapshot])];

    // Assert
    expect(hints).toEqual([
      "assert the id echoes the request's, not a number: the client may choose any id (expect(response.id).toBe(request.id))",
      "this snapshot fails on another request id: assert the id echoes the request's, not a number",
    ]);
  });

  it('should add the id advice to the advice for the other changes a test failed on', () => {
    // Arrange
    const pinned = { mutatorName: 'renumber-request-id', assertion: 'expected 1048577 to be 2' };
    const reworded = { mutatorName: 'reword-message', assertion: "expected 'a.' to be 'a'" };

    // Act
    const hint = brittleHint([reworded, pinned]);

    // Assert
    expect(hint).toMatch(/^assert the code and the layer, not the whole message \(/);
    expect(hint).toContain("; assert the id echoes the request's, not a number: ");
  });
});

describe('the console summary with harmless mutants', () => {
  it('should print the brittleness figure and every brittle test with its hint', () => {
    const text = buildConsoleSummary(makeHarmlessRun());

    expect(text).toContain('50.00% brittle          (brittle 2 / harmless 4;');
    expect(text).toContain(
      '  brittle tools/call > should report a failing tool with isError: this snapshot fails on a reworded message',
    );
    expect(text).toContain('    reword-message: result.content.0.text reworded — Snapshot `');
    // Not in the mutator × outcome table, not among the survivors.
    expect(text).not.toMatch(/^reword-message\s+\d/m);
    expect(text).not.toContain('survived reword-message');
  });

  it('should print nothing about brittleness for a run without harmless mutants', () => {
    expect(buildConsoleSummary(makeRun())).not.toContain('brittle');
  });
});
