import { updateAddresses, type Address, type Customer, type LoginData } from '@marketplace/shared';

export type { Address };

/** The customer of GET /getuserdata; its address list is a real array (DECISIONS.md). */
export type AccountCustomer = Customer;

/** PUT /updatecus with the whole address list. */
export function saveAddresses(list: readonly Address[]): Promise<LoginData> {
  return updateAddresses([...list]);
}

/** The spec identifies an address by streetadd, landmark and postal (section 4, address book). */
export function sameAddress(a: Address, b: Address): boolean {
  return a.streetadd === b.streetadd && a.landmark === b.landmark && a.postal === b.postal;
}

/**
 * The list without the entry matching `target`'s streetadd + landmark + postal. `index` (the row
 * the user chose) decides between identical-looking duplicates; the key decides if the list moved.
 */
export function withoutAddress(list: readonly Address[], target: Address, index?: number): Address[] {
  const at =
    index !== undefined && list[index] && sameAddress(list[index], target)
      ? index
      : list.findIndex((a) => sameAddress(a, target));
  return at < 0 ? [...list] : list.filter((_, i) => i !== at);
}

export function withAddressAdded(list: readonly Address[], address: Address): Address[] {
  return [...list, address];
}

export function withAddressReplaced(list: readonly Address[], index: number, address: Address): Address[] {
  return list.map((a, i) => (i === index ? address : a));
}
