import { describe, expect, it } from 'vitest';
import { leakCanary } from '../../mutators/leak-canary.js';
import { leakInternals } from '../../mutators/leak-internals.js';
import { expectLog } from '../../src/assertions/expect-log.js';
import { formatHint } from '../../src/hints/format-hint.js';
import { survivorHint } from '../../src/hints/survivor-hint.js';
import { variantsFor } from '../../src/mutant/mutator.js';
import type { Site } from '../../src/mutant/mutation-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { mutatorContext } from '../mutators/fixtures.js';

const LINE = 'warn tools/call 3 charge_card failed: provider-unavailable';
const CANARY = 'CANARY-payKey7f3a9c2';
const SITE: Site = {
  key: 't1#stderr#0',
  kind: 'log',
  file: 'test/tools.test.ts',
  testIds: ['t1'],
  fileLevel: false,
  value: LINE,
  check: {},
};
const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });

function hintOf(mutatorName: string) {
  return survivorHint(
    { id: 'm1', mutatorName, status: 'Survived' },
    {
      site: SITE,
      tests: [{ id: 't1', name: 'tools > logs', file: SITE.file }],
      style: 'expect',
      canaries: [CANARY],
      taxonomy,
    },
  );
}

describe('survivor hints at a log line', () => {
  it('should check the captured lines with expectLog, not an envelope', () => {
    const hint = hintOf('leak-canary');

    expect(hint?.rule).toBe('sanitize.leak');
    expect(formatHint(hint ?? must())).toBe(
      [
        'add to test/tools.test.ts > "tools > logs", where `lines` is the lines the test captured from the log (`await stderr.lines()` of tapStderr, or those it passed to tapLog) (site t1#stderr#0):',
        `  expectLog(lines).toNotLeak(['${CANARY}'])`,
        `  // import { expectLog } from 'envelope-mutants';`,
      ].join('\n'),
    );
  });

  it('should kill every variant of both leak mutators at sanitize.leak, and pass the line as it was', () => {
    const context = mutatorContext({ canaries: [CANARY] });
    for (const mutator of [leakCanary, leakInternals]) {
      const canaries = mutator === leakCanary ? [CANARY] : [];
      const variants = [...variantsFor(mutator, 'log', LINE, context)];
      expect(variants.length, mutator.name).toBeGreaterThan(0);
      for (const variant of variants) {
        const lines = [String(variant.value)];
        expect(() => expectLog(lines).toNotLeak(canaries), mutator.name).toThrow(
          /^\[sanitize\.leak\]/,
        );
      }
    }
    expect(() => expectLog([LINE]).toNotLeak([CANARY])).not.toThrow();
  });

  it('should give no hint at a log line for a mutator that plants nothing there', () => {
    expect(hintOf('change-id')).toBeUndefined();
  });
});

function must(): never {
  throw new Error('no hint');
}
