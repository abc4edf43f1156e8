import type { Account } from '../src/accounts.js';

/**
 * Secrets planted where a careless server would leak them: the upstream API key and the
 * provider's internal path. They are the `canaries` of envelope-mutants.config.json, and the
 * suite asserts that no response carries them.
 */
export const CANARIES = ['CANARY-payKey7f3a9c2', 'CANARY-ledgerPath9QX'] as const;

/** What the card provider's API really answers on a 502: a key, a stack frame, an internal path. */
export const RAW_UPSTREAM_BODY = JSON.stringify({
  error: { type: 'api_error', message: 'ledger unavailable', api_key: CANARIES[0] },
  trace: `at postCharge (/srv/payments/${CANARIES[1]}/ledger.js:88:13)`,
});

export const ACCOUNTS: readonly Account[] = [
  { accountId: 'acct_ada', holder: 'Ada Lovelace', plan: 'pro', frozen: false },
  { accountId: 'acct_frozen', holder: 'Frank Frozen', plan: 'basic', frozen: true },
];
