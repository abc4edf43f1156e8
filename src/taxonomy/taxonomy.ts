import type { Layer } from '../envelope/envelope.js';
import type { ClientAction, FailureContext } from './client-action.js';

export const PROFILE_NAMES = [
  'jsonrpc-2.0',
  'mcp-2025-06-18',
  'mcp-2025-11-25',
  'mcp-2026-07-28',
] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];

/** A documented error code and what it means. `status` says whether it may still be sent. */
export interface CodeDoc {
  readonly code: number;
  readonly name: string;
  readonly meaning: string;
  /**
   * `current`: may be sent. `legacy`: clients must still accept it but a server under this
   * profile must not send it (e.g. -32002 under 2026-07-28). `retired`: no longer defined.
   */
  readonly status: 'current' | 'legacy' | 'retired';
  /** Who documented it: the profile or the project's own taxonomy. */
  readonly source: 'profile' | 'project';
  /** Where the code is defined, e.g. `JSON-RPC 2.0 §5.1` (used in messages). */
  readonly reference?: string;
  /** For a `legacy` or `retired` code: the code a server sends instead. */
  readonly replacedBy?: number;
}

/** A band of codes that no one may use unless the band's owner documents the code. */
export interface ReservedBand {
  readonly min: number;
  readonly max: number;
  readonly owner: string;
}

/** Where a failure class must be reported, and with which code if it is a protocol error. */
export interface FailureClassRule {
  readonly name: string;
  readonly layer: Layer;
  readonly code?: number;
  readonly description: string;
}

/** One row of a retry table: contexts that match `when` require `action`. First match wins. */
export interface RetryRule {
  readonly when: Partial<FailureContext>;
  readonly action: ClientAction;
}

/** A built-in profile: the facts of one specification revision. */
export interface Profile {
  readonly name: ProfileName;
  /** Where the facts come from (spec URLs, sections). */
  readonly sources: readonly string[];
  /** JSON-RPC 2.0 §5 allows a null id when the request id could not be read; MCP forbids null ids. */
  readonly allowsNullId: boolean;
  /** MCP 2026-07-28: every result carries `resultType`. */
  readonly requiresResultType: boolean;
  readonly codes: readonly CodeDoc[];
  readonly reservedBands: readonly ReservedBand[];
  readonly failureClasses: readonly FailureClassRule[];
}

/** A profile plus the project's additions: what the oracle judges against. */
export interface Taxonomy {
  readonly profile: Profile;
  /** Profile codes and the project's documented private codes, by code. */
  readonly codes: ReadonlyMap<number, CodeDoc>;
  /** Profile failure classes overridden/extended by the project's, by name. */
  readonly failureClasses: ReadonlyMap<string, FailureClassRule>;
  /** The project's retry table, then the default (docs/design.md "Client failure policy"). */
  readonly retryTable: readonly RetryRule[];
}
