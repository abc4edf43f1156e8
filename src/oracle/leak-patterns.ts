/**
 * What `sanitize.leak` looks for (docs/design.md "Sanitization"): canaries, credential-shaped
 * tokens, stack frames, absolute internal paths and raw provider bodies. Every pattern is compiled
 * once, at module load.
 */

/** The canary format: `CANARY-` then at least 8 ASCII letters or digits, e.g. `CANARY-7f3KQ9zX`. */
export const CANARY_PREFIX = 'CANARY-';
/**
 * Characters a canary body is drawn from (for generators: `fc.stringOf(fc.constantFrom(...))`).
 *
 * @internal
 */
export const CANARY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Shortest canary body the pattern accepts.
 *
 * @internal
 */
export const CANARY_MIN_BODY_LENGTH = 8;
/** Matches a canary anywhere in a string. No `g` flag: `test` keeps no state between calls. */
export const CANARY_PATTERN = /\bCANARY-[A-Za-z0-9]{8,}/;

/** A canary with the given body; the body must be ≥ 8 characters of {@link CANARY_ALPHABET}. */
export function formatCanary(body: string): string {
  return `${CANARY_PREFIX}${body}`;
}

export type LeakKind = 'canary' | 'credential' | 'stack-frame' | 'internal-path' | 'provider-body';

/** @internal One leak pattern; exported for the prefilter's soundness property test only. */
export interface LeakPattern {
  readonly kind: LeakKind;
  readonly regex: RegExp;
  /**
   * Literals one of which every match contains, chosen rare in prose and mostly one character
   * long: a string holding none of them cannot match, and `indexOf` finds a single character far
   * faster than the regex engine can rule out a match position by position.
   */
  readonly anchors: readonly string[];
  /** What is kept of a match in messages: a prefix that says what it was, never the secret. */
  readonly keep: (match: string) => string;
}

/** Delimiters some patterns match before the leak itself. */
const LEAD = /^[\s"'=(:,[]*/;

const first = (n: number) => (match: string) => match.slice(0, n);

/**
 * Provider bodies are defined narrowly: an embedded upstream JSON error object
 * (`{"error":{"message"|"type"|"code"|"status": …`) or an HTML page. A plain sentence that mentions
 * an upstream failure is not a leak.
 */
const PATTERNS: readonly LeakPattern[] = [
  { kind: 'canary', regex: CANARY_PATTERN, anchors: ['-'], keep: () => CANARY_PREFIX },
  {
    kind: 'credential',
    regex: /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/,
    anchors: ['Bearer'],
    keep: () => 'Bearer ',
  },
  { kind: 'credential', regex: /\bsk-[A-Za-z0-9_-]{16,}/, anchors: ['-'], keep: () => 'sk-' },
  { kind: 'credential', regex: /\bAKIA[0-9A-Z]{16}\b/, anchors: ['AKIA'], keep: () => 'AKIA' },
  {
    kind: 'credential',
    regex: /\bgh[pousr]_[A-Za-z0-9]{20,}/,
    anchors: ['_'],
    keep: first(4),
  },
  {
    kind: 'credential',
    regex: /\b(?:password|Password|PASSWORD|passwd|api_key|apiKey|API_KEY|secret|SECRET)=[^\s&"']+/,
    anchors: ['='],
    keep: (match) => match.slice(0, match.indexOf('=') + 1),
  },
  {
    kind: 'stack-frame',
    regex: /(?:^|\n)[ \t]+at [^\n]*?:\d+:\d+\)?/,
    anchors: [':'],
    keep: () => 'at ',
  },
  {
    kind: 'stack-frame',
    regex: /Traceback \(most recent call last\)/,
    anchors: ['Traceback ('],
    keep: () => 'Traceback ',
  },
  {
    kind: 'internal-path',
    regex:
      /(?:^|[\s"'=(:,[])\/(?:home|var|srv|app|opt|usr|etc|root|tmp|Users|workspace)\/[^\s"'),\]]*/,
    anchors: ['/'],
    keep: (match) => `${match.replace(LEAD, '').split('/').slice(0, 2).join('/')}/`,
  },
  {
    kind: 'internal-path',
    regex: /\b[A-Za-z]:\\[^\s"']+/,
    anchors: [':'],
    keep: (match) => match.slice(0, 3),
  },
  {
    kind: 'provider-body',
    regex: /\{\s*"error"\s*:\s*\{\s*"(?:message|type|code|status)"\s*:/,
    anchors: [':'],
    keep: () => '{"error":',
  },
  {
    kind: 'provider-body',
    regex: /<!DOCTYPE html|<!doctype html|<html[\s>]|<HTML[\s>]/,
    anchors: ['<'],
    keep: () => '<',
  },
];

/** @internal The patterns in priority order, for the prefilter's soundness property test. */
export const LEAK_PATTERNS = PATTERNS;
const GLOBAL_PATTERNS = PATTERNS.map((pattern) => ({
  ...pattern,
  regex: new RegExp(pattern.regex.source, 'g'),
}));
/** Every pattern's anchors, once: a string holding none of them holds no leak. */
const ANCHORS = [...new Set(PATTERNS.flatMap((pattern) => pattern.anchors))];
/**
 * Below this length one combined regex beats a dozen `indexOf` calls (call overhead dominates);
 * above it the anchors win, since most alternatives start with `\b` or a class, which makes the
 * engine try each of them at every position.
 */
const SHORT_TEXT = 64;
const ANY_LEAK = new RegExp(PATTERNS.map((pattern) => `(?:${pattern.regex.source})`).join('|'));

/** @internal Whether `text` holds one of the literals every match of `pattern` contains. */
export function mayMatch(pattern: LeakPattern, text: string): boolean {
  for (const anchor of pattern.anchors) if (text.includes(anchor)) return true;
  return false;
}

/** @internal The prefilter: `false` only when no pattern can match `text`. */
export function mayLeak(text: string): boolean {
  if (text.length < SHORT_TEXT) return ANY_LEAK.test(text);
  for (const anchor of ANCHORS) if (text.includes(anchor)) return true;
  return false;
}

/** A leak found in one string: its kind and a redacted sample safe to print. */
export interface LeakFinding {
  readonly kind: LeakKind;
  readonly redacted: string;
}

/** The first leak in `text`, or `null`. `canaries` are the project's planted secrets (non-empty). */
export function findLeak(text: string, canaries: readonly string[] = []): LeakFinding | null {
  for (const canary of canaries) {
    if (text.includes(canary)) return { kind: 'canary', redacted: redactCanary(canary) };
  }
  if (!mayLeak(text)) return null;
  for (const pattern of PATTERNS) {
    if (!mayMatch(pattern, text)) continue;
    const match = pattern.regex.exec(text);
    if (match !== null)
      return { kind: pattern.kind, redacted: `${pattern.keep(match[0])}…redacted` };
  }
  return null;
}

/**
 * `text` with every canary, credential, stack frame, internal path and provider body replaced by
 * a short redacted form (`CANARY-…redacted`). Use it before printing any received value.
 */
export function redactLeaks(text: string, canaries: readonly string[] = []): string {
  let out = text;
  for (const canary of canaries) {
    if (canary !== '' && out.includes(canary)) out = out.split(canary).join(redactCanary(canary));
  }
  if (!mayLeak(out)) return out;
  for (const pattern of GLOBAL_PATTERNS) {
    if (!mayMatch(pattern, out)) continue;
    out = out.replace(pattern.regex, (match) => {
      // Path and stack-frame patterns consume the delimiter before them: give it back.
      const lead = LEAD.exec(match)?.[0] ?? '';
      return `${lead}${pattern.keep(match.slice(lead.length))}…redacted`;
    });
  }
  return out;
}

function redactCanary(canary: string): string {
  return canary.startsWith(CANARY_PREFIX) ? `${CANARY_PREFIX}…redacted` : '…redacted';
}
