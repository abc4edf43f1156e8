/** A customer account as the server's own domain sees it. */
export interface Account {
  readonly accountId: string;
  readonly holder: string;
  readonly plan: 'basic' | 'pro';
  /** A frozen account may be read but not charged: a domain rule, not a protocol fact. */
  readonly frozen: boolean;
}

/** Read access to accounts. A real server would back this with a database. */
export interface AccountStore {
  find(accountId: string): Account | undefined;
}

/** An in-memory store over a fixed list (the demo data and the test fixtures use it). */
export function createAccountStore(accounts: readonly Account[]): AccountStore {
  const byId = new Map(accounts.map((account) => [account.accountId, account] as const));
  return { find: (accountId) => byId.get(accountId) };
}
