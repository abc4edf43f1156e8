import { createLedger, type Ledger } from '../src/ledger.js';
import { tableVerifier, type TokenVerifier } from '../src/tokens.js';

/**
 * The bearer tokens of the suite. They are also its canaries (`envelope-mutants.config.json`): a
 * token must never come back in a challenge, an error description or a tool result.
 */
export const READER_TOKEN = 'CANARY-readerTok7Qm2x9';
export const WRITER_TOKEN = 'CANARY-writerTok4Hd8p3';
export const CANARIES = [READER_TOKEN, WRITER_TOKEN] as const;

/** A token no authorization server issued: the server must answer 401 `invalid_token`. */
export const FORGED_TOKEN = 'forged-token-0000';

export const VERIFY: TokenVerifier = tableVerifier({
  [READER_TOKEN]: { subject: 'reader', scopes: ['accounts:read'] },
  [WRITER_TOKEN]: { subject: 'writer', scopes: ['accounts:read', 'accounts:write'] },
});

export function demoLedger(): Ledger {
  return createLedger({ acct_ada: 10_000, acct_bob: 500 });
}
