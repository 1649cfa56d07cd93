import { getStockAlert, setStockAlert } from '@marketplace/shared';
import { alertToggle } from './alertToggles';

/**
 * "Tell me when it's back" (issue 26): the signed-in shopper asks to be told once, by mail, when an
 * out-of-stock product is back ("We will email you when it's back in stock"); pressed again, the
 * request is withdrawn. The server answers the request with one mail and forgets it.
 */
const stockAlerts = alertToggle({
  get: getStockAlert,
  set: async (productid, on) => {
    const reply = await setStockAlert(productid, on);
    return { msg: reply.msg, on: reply.waiting };
  },
});

export const useStockAlert = stockAlerts.use;
export const toggleStockAlert = stockAlerts.toggle;
