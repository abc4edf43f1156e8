import { describe, expect, it } from 'vitest';
import { expectLog } from '../../src/assertions/expect-log.js';
import { NamedAssertionError } from '../../src/assertions/named-assertion-error.js';
import '../../src/assertions/vitest.js';
import { checkLog } from '../../src/oracle/check-log.js';

const CANARY = 'CANARY-payKey7f3a9c2';
const CLEAN = [
  'accounts-example MCP server listening on stdio',
  'warn tools/call 3 charge_card failed: provider-unavailable',
];

/** The error a call throws, or undefined. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('checkLog', () => {
  it('should report each leaking line by its index, with a redacted sample', () => {
    const lines = [CLEAN[0], `oops ${CANARY}`, 'at handler (/srv/app/src/tools/handler.js:42:17)'];

    const violations = checkLog(lines, { canaries: [CANARY] });

    expect(violations.map((violation) => [violation.rule, violation.path])).toEqual([
      ['sanitize.leak', [1]],
      ['sanitize.leak', [2]],
    ]);
    expect(violations[0]?.message).toMatch(
      /^Invalid log line 1: Expected no canary but received one/,
    );
    expect(violations.map((violation) => violation.message).join('\n')).not.toContain(CANARY);
  });

  it('should find nothing in clean lines, and judge anything but a string array as no lines', () => {
    expect(checkLog(CLEAN, { canaries: [CANARY] })).toEqual([]);
    expect(checkLog({ line: CANARY }, { canaries: [CANARY] })).toEqual([]);
  });
});

describe('expectLog', () => {
  it('should pass on clean lines and chain', () => {
    expect(() => expectLog(CLEAN).toNotLeak([CANARY]).toNotLeak()).not.toThrow();
  });

  it('should fail naming sanitize.leak and the line, without showing the secret', () => {
    const error = thrownBy(() => expectLog([...CLEAN, `retry ${CANARY}`]).toNotLeak([CANARY]));

    expect(error).toBeInstanceOf(NamedAssertionError);
    const message = (error as Error).message;
    expect(message).toMatch(/^\[sanitize\.leak\] Invalid log line 2: Expected no canary/);
    expect(message).not.toContain(CANARY);
  });

  it("should use the context's canaries, and the default patterns without any", () => {
    expect(() => expectLog(`x ${CANARY}`, { canaries: [CANARY] }).toNotLeak()).toThrow(
      /\[sanitize\.leak\]/,
    );
    expect(() => expectLog('token sk-live-abcdefghijklmnopqrstuvwx').toNotLeak()).toThrow(
      /Expected no credential/,
    );
  });
});

describe('the toNotLeak matcher on log lines', () => {
  it('should judge an array of strings line by line', () => {
    expect(CLEAN).toNotLeak([CANARY]);
    expect(() => expect([...CLEAN, `x ${CANARY}`]).toNotLeak([CANARY])).toThrow(
      /^\[sanitize\.leak\] Invalid log line 2/,
    );
  });

  it('should negate: a leaking log passes .not, a clean one fails it naming sanitize.leak', () => {
    expect([`x ${CANARY}`]).not.toNotLeak([CANARY]);
    expect(() => expect(CLEAN).not.toNotLeak([CANARY])).toThrow(/^\[sanitize\.leak\]/);
  });
});
