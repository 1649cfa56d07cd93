import { getPriceAlert, setPriceAlert } from '@marketplace/shared';
import { alertToggle } from './alertToggles';

/**
 * Price-drop alerts the shop knows of for the signed-in shopper (issue 18, item 3): 'Email me
 * when the price drops' records the alert ('We will email you when the price drops'), or removes
 * it when pressed again ('Price alert removed: we will not email you about this product').
 */
const priceAlerts = alertToggle({
  get: getPriceAlert,
  set: async (productid, on) => {
    const reply = await setPriceAlert(productid, on);
    return { msg: reply.msg, on: reply.watching };
  },
});

export const usePriceAlert = priceAlerts.use;
export const togglePriceAlert = priceAlerts.toggle;
