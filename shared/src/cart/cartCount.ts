import { create } from 'zustand';
import { getCartItems } from '../api';
import { useSession } from '../session/sessionStore';

interface CartCountState {
  /** Units in the signed-in customer's cart (every line's quantity); 0 when signed out or before the cart exists. */
  count: number;
  refresh(): Promise<void>;
}

/**
 * The header's cart badge reads this store; the shop remote calls refresh() after it adds,
 * deletes, clears or orders, so the badge follows every change without a page reload.
 */
export const useCartCount = create<CartCountState>((set) => ({
  count: 0,
  async refresh() {
    const token = useSession.getState().session?.authtoken;
    if (!token) {
      set({ count: 0 });
      return;
    }
    try {
      const items = await getCartItems();
      // A reply that arrives after a sign-out (or another sign-in) is not this session's cart.
      if (useSession.getState().session?.authtoken === token) set({ count: cartUnits(items) });
    } catch {
      // A failed count leaves the last known number; the cart page itself reports errors.
    }
  },
}));

/** The units a cart holds: the sum of its lines' quantities (a line from an older API counts 1). */
export function cartUnits(items: Array<{ quantity?: number }>): number {
  return items.reduce((sum, i) => sum + (i.quantity ?? 1), 0);
}

export function refreshCartCount(): Promise<void> {
  return useCartCount.getState().refresh();
}
