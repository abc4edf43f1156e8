import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEAK_PATTERNS,
  mayLeak,
  mayMatch,
  findLeak,
  type LeakFinding,
  redactLeaks,
} from '../../src/oracle/leak-patterns.js';
import { propertyRuns } from '../support/property-runs.js';

/** Leaks and near misses planted in random text; each fragment exercises one pattern's edge. */
const PLANTS: readonly string[] = [
  'CANARY-Zq81xYt0pL',
  'CANARY-short',
  'Bearer eyJhbGciOiJIUzI1NiJ9.payload',
  'Bearer\tabc',
  'sk-proj-abcdefghijklmnop1234',
  'AKIAIOSFODNN7EXAMPLE',
  'ghp_abcdefghijklmnopqrstuvwxyz0123',
  'gho_abc',
  'password=hunter2',
  'apiKey=',
  '\n    at handler (/srv/app/dist/tool.js:12:7)',
  '  at x:1:2',
  'Traceback (most recent call last)',
  '/home/deploy/.env',
  '"/var/log"',
  'C:\\Users\\svc',
  '{"error": {"message": "quota"',
  '{ "error" :{"type":',
  '<!DOCTYPE html>',
  '<html>',
  '<HTML ',
];

/** Random text: prose characters, the anchors' characters, and planted fragments. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abc AKIA-_=:/\\{}<>"\'()\n\t.0123456789'.split('')) }),
      fc.constantFrom(...PLANTS),
    ),
    { maxLength: 12 },
  )
  .chain((parts) =>
    // Both sides of the short-text threshold: as is, and padded with plain prose.
    fc.constantFrom(parts.join(''), `${parts.join('')} ${'lorem ipsum '.repeat(8)}`),
  );

/** The plain scan: every pattern's regex in priority order, no prefilter. */
function plainFindLeak(input: string): LeakFinding | null {
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.regex.exec(input);
    if (match !== null)
      return { kind: pattern.kind, redacted: `${pattern.keep(match[0])}…redacted` };
  }
  return null;
}

describe('leak prefilter', () => {
  it('should find an anchor in every string a pattern matches', () => {
    fc.assert(
      fc.property(text, (input) => {
        for (const pattern of LEAK_PATTERNS) {
          if (pattern.regex.test(input)) expect(mayMatch(pattern, input)).toBe(true);
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should never skip a string the plain regexes flag', () => {
    fc.assert(
      fc.property(text, (input) => {
        if (plainFindLeak(input) !== null) expect(mayLeak(input)).toBe(true);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should agree with the plain scan on random strings with planted leaks', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(findLeak(input)).toEqual(plainFindLeak(input));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should redact exactly what the plain scan finds', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(redactLeaks(input) === input).toBe(plainFindLeak(input) === null);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should let a short and a long clean string through unflagged', () => {
    // Negative control: the prefilter says no for text holding no anchor at all.
    expect(mayLeak('plain words')).toBe(false);
    expect(mayLeak('plain words '.repeat(20))).toBe(false);
  });

  it('should fail the soundness property for an anchor the pattern does not need', () => {
    // Negative control: a wrong anchor (`#` for the canary pattern) is caught by the property.
    const canary = LEAK_PATTERNS[0];
    if (canary === undefined) throw new Error('no canary pattern');
    const wrong = { ...canary, anchors: ['#'] };
    const holds = fc.check(
      fc.property(text, (input) => !canary.regex.test(input) || mayMatch(wrong, input)),
      { numRuns: 2000 },
    );
    expect(holds.failed).toBe(true);
  });
});
