import { createContext, useContext } from 'react';
import type { LoginData } from '@marketplace/shared';
import type { AccountCustomer as Customer } from './addresses/addresses';

export interface AccountContextValue {
  /** The signed-in customer, as GET /getuserdata returned it (updated after each save). */
  customer: Customer;
  /** Fetches the customer again in the background (after a save); a failure goes to `fail`, the customer shown stays. */
  reload(): void;
  /** After a save: keep the refreshed session (the shell's header reads it) and the new customer fields. */
  saved(session: LoginData, changes: Partial<Customer>): void;
  /** Reports a failed call: 401 signs out and goes to /login; anything else is an error toast. */
  fail(error: unknown): void;
}

export const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount() outside the account area');
  return value;
}
