import { describe, expect, it } from 'vitest';
import { formatHint } from '../../src/hints/format-hint.js';
import type { SurvivorHint } from '../../src/hints/survivor-hint.js';

const HINT: SurvivorHint = {
  mutantId: 'm1',
  mutatorName: 'flip-retryability',
  rule: 'policy.action',
  code: `expectAction(action, 'retry-bounded')`,
  variable: 'action',
  imports: [
    { name: 'expectAction', from: 'envelope-mutants/vitest' },
    { name: 'expectEnvelope', from: 'envelope-mutants' },
    { name: 'expectEnvelope', from: 'envelope-mutants/vitest' },
  ],
  style: 'library',
  testFile: 'test/retry.test.ts',
  testNames: [],
  siteKey: 'c07e#0',
};

describe('formatHint text', () => {
  it('should name the action without tests or method, and group the imports by module', () => {
    const text = formatHint(HINT, '    ');

    expect(text.split('\n')).toEqual([
      '    add to test/retry.test.ts, where `action` is the action the tap returned (site c07e#0):',
      `      expectAction(action, 'retry-bounded')`,
      "      // import { expectAction, expectEnvelope } from 'envelope-mutants/vitest';",
      "      // import { expectEnvelope } from 'envelope-mutants';",
    ]);
  });

  it('should name a decision with its method and quote every covering test', () => {
    const hint: SurvivorHint = {
      ...HINT,
      variable: 'decision',
      imports: [],
      testNames: ['retry > should retry once', 'retry > should stop'],
      method: 'tools/call',
    };

    expect(formatHint(hint)).toBe(
      'add to test/retry.test.ts > "retry > should retry once" / "retry > should stop", where `decision` is the tools/call decision the tap returned (site c07e#0):\n' +
        `  expectAction(action, 'retry-bounded')`,
    );
  });
});
