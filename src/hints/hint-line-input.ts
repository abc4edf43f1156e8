// What a hint line is made of, apart from the code that writes one: hint-line.ts picks a builder,
// http-hint-line.ts and sdk-hint-line.ts are builders, and all three read these types.
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

/**
 * How the covering test file asserts: the library's named assertions, labelled `expect` on raw
 * envelopes, or labelled `expect` on what the MCP SDK client returns (`sdk`: a `CallToolResult`,
 * or the rejection of its promise with an `McpError`).
 */
export type AssertionStyle = 'library' | 'expect' | 'sdk';

/**
 * The placeholder a hint uses for the value the test holds; the user renames it: the raw
 * envelope (`response`), a decision (`action`, `decision`), the SDK's result (`result`), the
 * promise of the SDK call (`promise`), the envelopes the SDK client refused to read (`refused`,
 * from `client.onerror`), an HTTP exchange of `mutatingFetch` (`exchange`) or the lines a log
 * held (`lines`).
 */
export type HintVariable =
  'response' | 'action' | 'decision' | 'result' | 'promise' | 'refused' | 'exchange' | 'lines';

/** What {@link hintLine} needs to know about one surviving mutant. */
export interface HintLineInput {
  readonly mutatorName: string;
  /** What the site observed: an envelope, a decision, an HTTP exchange or a log line. */
  readonly siteKind?: 'envelope' | 'decision' | 'http' | 'log' | 'request-id';
  /** The envelope or decision the site observed in the discovery run. */
  readonly value: unknown;
  readonly check: CheckContext;
  readonly style: AssertionStyle;
  /** The project's canaries (config `canaries`, then the site's). */
  readonly canaries: readonly string[];
  readonly taxonomy: Taxonomy;
}

/** One assertion that kills a mutator's mutants at the named `rule`. */
export interface HintLine {
  readonly rule: RuleName;
  /** One line of JavaScript (also valid TypeScript on an untyped value): `expect(…, 'rule')…`. */
  readonly code: string;
  readonly variable: HintVariable;
  /** The names the line uses besides `expect`, and the module each comes from. */
  readonly imports: readonly HintImport[];
  /** What the line needs to kill at its rule, when that is more than pasting it. */
  readonly note?: string;
}

export interface HintImport {
  readonly name: 'expectEnvelope' | 'expectAction' | 'expectHttp' | 'expectLog';
  readonly from: 'envelope-mutants' | 'envelope-mutants/vitest';
}

/** What a hint reads from the observed envelope. */
export interface ObservedEnvelope {
  readonly layer: 'protocol' | 'tool' | 'success' | 'other';
  readonly code: number | undefined;
  readonly firstContentType: string | undefined;
}
