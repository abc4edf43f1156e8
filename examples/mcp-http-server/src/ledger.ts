/** A tiny in-memory ledger: balances in cents by account id. */
export interface Ledger {
  balanceOf(accountId: string): number | undefined;
  /** Moves `amountCents`; throws a {@link LedgerRejection} when the rules forbid it. */
  transfer(from: string, to: string, amountCents: number): void;
}

/** A business rule said no: the tool reports it as a tool error the model can act on. */
export class LedgerRejection extends Error {
  override readonly name = 'LedgerRejection';
}

export function createLedger(balances: Readonly<Record<string, number>>): Ledger {
  const accounts = new Map(Object.entries(balances));
  return {
    balanceOf: (accountId) => accounts.get(accountId),
    transfer(from, to, amountCents) {
      const source = accounts.get(from);
      const target = accounts.get(to);
      if (source === undefined) throw new LedgerRejection(`No account ${from}.`);
      if (target === undefined) throw new LedgerRejection(`No account ${to}.`);
      if (source < amountCents) {
        throw new LedgerRejection(`Insufficient funds in ${from}: the transfer was not made.`);
      }
      accounts.set(from, source - amountCents);
      accounts.set(to, target + amountCents);
    },
  };
}
