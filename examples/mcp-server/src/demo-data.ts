import type { Account } from './accounts.js';

/** The accounts the stdio demo serves. */
export const DEMO_ACCOUNTS: readonly Account[] = [
  { accountId: 'acct_ada', holder: 'Ada Lovelace', plan: 'pro', frozen: false },
  { accountId: 'acct_bob', holder: 'Bob Frozen', plan: 'basic', frozen: true },
];
